/**
 * ProtoJSON ⇄ protobuf through our own proto/, checked against the official SDK's codec (ts-proto,
 * generated from the published a2a.proto): what we encode, the SDK decodes to the same ProtoJSON,
 * and the other way round. This is what makes proto/ wire-compatible.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as sdk from '@a2a-js/sdk';
import * as sdkGrpc from '@a2a-js/sdk/server/grpc';
import { GrpcCodec } from '../../electron/node/a2a/grpc-codec';
import { defaultProtoDir } from '../../electron/node/connections';
import { methodsV1 } from '../../shared/a2a/catalogue';
import { formatTimestamp, ProtoJsonError } from '../../shared/a2a/proto-json';

const a2aCodec = new GrpcCodec(defaultProtoDir());

const normal = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,11}$/);
// The SDK's ts-proto Struct codec drops "__proto__" keys (it assigns them), so the cross-check leaves
// them out; our own round trip of such keys is tested separately below.
const withoutProtoKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(withoutProtoKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => k !== '__proto__')
            .map(([k, x]) => [k, withoutProtoKeys(x)]),
        )
      : v;
const json = fc.jsonValue({ maxDepth: 2 }).map(normal).map(withoutProtoKeys);
const struct = fc.dictionary(word, json, { maxKeys: 3 }).map(normal);
// Milliseconds ≥ 1: the SDK always prints 3 fraction digits (.000), we print none for whole seconds (both are ProtoJSON).
const timestamp = fc.tuple(fc.integer({ min: 0, max: 4102444800 }), fc.integer({ min: 1, max: 999 })).map(([s, ms]) => formatTimestamp(s, ms * 1_000_000));
const base64 = fc.uint8Array({ minLength: 1, maxLength: 12 }).map((b) => Buffer.from(b).toString('base64'));

const part = fc
  .tuple(
    fc.oneof(
      word.map((text) => ({ text })),
      base64.map((raw) => ({ raw })),
      word.map((w) => ({ url: `https://example.com/${encodeURIComponent(w)}` })),
      // A top-level null is left out: the SDK's Part.fromJSON drops `data: null` (its isSet() treats null as unset).
      json.filter((v) => v !== null).map((data) => ({ data })),
    ),
    fc.record({ mediaType: fc.constantFrom('text/plain', 'application/json'), filename: word, metadata: struct }, { requiredKeys: [] }),
  )
  .map(([content, extra]) => ({ ...content, ...extra }));

const message = fc.record(
  {
    messageId: word,
    contextId: word,
    taskId: word,
    role: fc.constantFrom('ROLE_USER', 'ROLE_AGENT'),
    parts: fc.array(part, { minLength: 1, maxLength: 3 }),
    metadata: struct,
    extensions: fc.array(word, { minLength: 1, maxLength: 2 }),
    referenceTaskIds: fc.array(word, { minLength: 1, maxLength: 2 }),
  },
  { requiredKeys: ['messageId', 'role', 'parts'] },
);

const state = fc.constantFrom(
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
);
const status = fc.record({ state, message, timestamp }, { requiredKeys: ['state'] });
const artifact = fc.record(
  { artifactId: word, name: word, description: word, parts: fc.array(part, { minLength: 1, maxLength: 2 }), metadata: struct },
  { requiredKeys: ['artifactId', 'parts'] },
);
const task = fc.record(
  {
    id: word,
    contextId: word,
    status,
    artifacts: fc.array(artifact, { minLength: 1, maxLength: 2 }),
    history: fc.array(message, { minLength: 1, maxLength: 2 }),
    metadata: struct,
  },
  { requiredKeys: ['id', 'status'] },
);
const streamResponse = fc.oneof(
  task.map((t) => ({ task: t })),
  message.map((m) => ({ message: m })),
  fc.record({ taskId: word, contextId: word, status, metadata: struct }, { requiredKeys: ['taskId', 'contextId', 'status'] }).map((s) => ({ statusUpdate: s })),
  fc
    .record(
      { taskId: word, contextId: word, artifact, append: fc.constant(true), lastChunk: fc.constant(true) },
      { requiredKeys: ['taskId', 'contextId', 'artifact'] },
    )
    .map((a) => ({ artifactUpdate: a })),
);
const sendMessageRequest = fc.record(
  {
    tenant: word,
    message,
    configuration: fc.record(
      {
        acceptedOutputModes: fc.array(word, { minLength: 1, maxLength: 2 }),
        historyLength: fc.integer({ min: 0, max: 50 }),
        returnImmediately: fc.constant(true),
      },
      { requiredKeys: [] },
    ),
    metadata: struct,
  },
  { requiredKeys: ['message'] },
);
const listTasksRequest = fc.record(
  {
    tenant: word,
    contextId: word,
    status: state,
    pageSize: fc.integer({ min: 0, max: 100 }),
    pageToken: word,
    historyLength: fc.integer({ min: 0, max: 9 }),
    statusTimestampAfter: timestamp,
    includeArtifacts: fc.boolean(),
  },
  { requiredKeys: [] },
);

type Wire = { serialize(m: unknown): Uint8Array; deserialize(b: Uint8Array): unknown };
type JsonCodec = { fromJSON(o: unknown): unknown; toJSON(m: unknown): unknown };
type ServiceDef = Record<
  string,
  {
    requestSerialize(v: unknown): Buffer;
    requestDeserialize(b: Buffer): unknown;
    responseSerialize(v: unknown): Buffer;
    responseDeserialize(b: Buffer): unknown;
  }
>;
// The SDK's binary codecs are reachable through its gRPC service definition.
const service = sdkGrpc.A2AService as unknown as ServiceDef;
const viaRpc = (rpc: string, side: 'request' | 'response'): Wire => {
  const def = service[rpc] as ServiceDef[string];
  return side === 'request'
    ? { serialize: (m) => def.requestSerialize(m), deserialize: (b) => def.requestDeserialize(Buffer.from(b)) }
    : { serialize: (m) => def.responseSerialize(m), deserialize: (b) => def.responseDeserialize(Buffer.from(b)) };
};
const wireCodecs: Record<string, Wire> = {
  Task: viaRpc('getTask', 'response'),
  StreamResponse: viaRpc('sendStreamingMessage', 'response'),
  SendMessageRequest: viaRpc('sendMessage', 'request'),
  ListTasksRequest: viaRpc('listTasks', 'request'),
  AgentCard: viaRpc('getExtendedAgentCard', 'response'),
};
const codec = (name: string): Wire => wireCodecs[name] as Wire;
const jsonCodec = (name: string): JsonCodec => (sdk as unknown as Record<string, JsonCodec>)[name] as JsonCodec;

function crossCheck(typeName: string, value: unknown): void {
  const short = typeName.split('.').pop() as string;
  // Ours → bytes → SDK → ProtoJSON
  const ours = a2aCodec.encode(typeName, value);
  const viaSdk = jsonCodec(short).toJSON(codec(short).deserialize(ours));
  expect(normal(viaSdk)).toEqual(value);
  // SDK → bytes → ours → ProtoJSON
  const theirs = codec(short).serialize(jsonCodec(short).fromJSON(value));
  expect(a2aCodec.decode(typeName, theirs)).toEqual(value);
}

describe('ProtoJSON over our proto/, cross-checked with the SDK codec', () => {
  it('finds proto/ next to the sources and describes the service', () => {
    expect(a2aCodec.protoDir).toMatch(/proto$/);
    for (const m of methodsV1) {
      const rpc = a2aCodec.method(m.name);
      expect(rpc?.path).toBe(`/lf.a2a.v1.A2AService/${m.name}`);
      expect(rpc?.serverStreaming).toBe(m.streaming);
    }
  });

  it('property: Task round-trips both ways', () => {
    fc.assert(
      fc.property(task, (t) => crossCheck('lf.a2a.v1.Task', t)),
      { numRuns: 150 },
    );
  });

  it('property: StreamResponse round-trips both ways', () => {
    fc.assert(
      fc.property(streamResponse, (s) => crossCheck('lf.a2a.v1.StreamResponse', s)),
      { numRuns: 150 },
    );
  });

  it('property: SendMessageRequest and ListTasksRequest (optional fields keep explicit zeros)', () => {
    fc.assert(
      fc.property(sendMessageRequest, (r) => crossCheck('lf.a2a.v1.SendMessageRequest', r)),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(listTasksRequest, (r) => crossCheck('lf.a2a.v1.ListTasksRequest', r)),
      { numRuns: 100 },
    );
  });

  it('AgentCard with security schemes, OAuth flows and optional booleans', () => {
    const card = {
      name: 'A',
      description: 'd',
      supportedInterfaces: [{ url: 'https://a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      version: '1',
      documentationUrl: '',
      capabilities: { streaming: false, pushNotifications: true, extensions: [{ uri: 'urn:x', required: true, params: { a: 1 } }] },
      securitySchemes: {
        bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } },
        oauth: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: 'https://t', scopes: { read: 'Read' } } } } },
      },
      securityRequirements: [{ schemes: { bearer: { list: ['s'] } } }],
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 's', name: 'S', description: 'x', tags: ['t'] }],
      signatures: [{ protected: 'p', signature: 's', header: { kid: 'k' } }],
    };
    crossCheck('lf.a2a.v1.AgentCard', card);
  });

  it('property: arbitrary JSON bodies never throw anything but a ProtoJsonError', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom('lf.a2a.v1.SendMessageRequest', 'lf.a2a.v1.ListTasksRequest', 'lf.a2a.v1.TaskPushNotificationConfig'),
        (body, type) => {
          try {
            a2aCodec.decode(type, a2aCodec.encode(type, body));
          } catch (error) {
            expect(error).toBeInstanceOf(ProtoJsonError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: arbitrary bytes decode to ProtoJSON or fail with an Error, never hang', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        try {
          a2aCodec.decode('lf.a2a.v1.StreamResponse', bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('shows int64-free output rules: default values dropped, enum names, snake_case input accepted', () => {
    const out = a2aCodec.decode('lf.a2a.v1.Task', a2aCodec.encode('lf.a2a.v1.Task', { id: 't', context_id: '', status: { state: 6 } }));
    expect(out).toEqual({ id: 't', status: { state: 'TASK_STATE_INPUT_REQUIRED' } });
  });

  it('keeps a "__proto__" key in Struct data as data (never as a prototype)', () => {
    const value = JSON.parse('{"id":"t","status":{"state":"TASK_STATE_WORKING"},"metadata":{"a":{"__proto__":{"polluted":true}}}}') as unknown;
    const back = a2aCodec.decode('lf.a2a.v1.Task', a2aCodec.encode('lf.a2a.v1.Task', value)) as { metadata: { a: Record<string, unknown> } };
    expect(Object.keys(back.metadata.a)).toEqual(['__proto__']);
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('decodes google.rpc.Status details (ErrorInfo) as carried in grpc-status-details-bin', () => {
    const bin = Buffer.from(
      'CAUSFFRhc2sgbm90IGZvdW5kOiBub3BlGk4KKHR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLnJwYy5FcnJvckluZm8SIgoOVEFTS19OT1RfRk9VTkQSEGEyYS1wcm90b2NvbC5vcmc=',
      'base64',
    );
    expect(a2aCodec.statusDetails(bin)).toEqual({
      code: 5,
      message: 'Task not found: nope',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }],
    });
  });
});
