/**
 * JSON Schema (2020-12) definitions of the A2A 0.3 JSON-RPC dialect (`kind`-tagged objects,
 * lowercase states), written from the facts of the 0.3 JSON Schema.
 */
import { taskStatesV03 } from './model-v03';
import type { JsonSchema, SchemaFlavour } from './json-schema-builders';
import { arr, bool, enumOf, int32, obj, ref, str } from './json-schema-builders';

const struct = (description?: string): JsonSchema => ({ type: 'object', ...(description ? { description } : {}) });
const kind = (value: string): JsonSchema => ({ const: value, description: `Discriminator; always "${value}".` });

export function v03Defs(flavour: SchemaFlavour): Record<string, JsonSchema> {
  const o = (props: Record<string, JsonSchema>, required: readonly string[] = [], description?: string) => obj(flavour, props, required, description);
  return {
    TaskState: enumOf(taskStatesV03),
    TextPart: o({ kind: kind('text'), text: str(), metadata: struct() }, ['kind', 'text']),
    FileWithBytes: o({ bytes: str('base64', { contentEncoding: 'base64' }), mimeType: str(), name: str() }, ['bytes']),
    FileWithUri: o({ uri: str(undefined, { format: 'uri' }), mimeType: str(), name: str() }, ['uri']),
    FilePart: o({ kind: kind('file'), file: { oneOf: [ref('FileWithBytes'), ref('FileWithUri')] }, metadata: struct() }, ['kind', 'file']),
    DataPart: o({ kind: kind('data'), data: struct('A JSON object (0.3 requires an object here).'), metadata: struct() }, ['kind', 'data']),
    Part: { oneOf: [ref('TextPart'), ref('FilePart'), ref('DataPart')] },
    Message: o(
      {
        kind: kind('message'),
        messageId: str(),
        role: enumOf(['user', 'agent']),
        parts: arr(ref('Part')),
        contextId: str(),
        taskId: str(),
        referenceTaskIds: arr(str()),
        extensions: arr(str()),
        metadata: struct(),
      },
      ['kind', 'messageId', 'role', 'parts'],
    ),
    TaskStatus: o({ state: ref('TaskState'), message: ref('Message'), timestamp: str('ISO 8601', { format: 'date-time' }) }, ['state']),
    Artifact: o({ artifactId: str(), name: str(), description: str(), parts: arr(ref('Part')), metadata: struct(), extensions: arr(str()) }, [
      'artifactId',
      'parts',
    ]),
    Task: o(
      {
        kind: kind('task'),
        id: str(),
        contextId: str(),
        status: ref('TaskStatus'),
        history: arr(ref('Message')),
        artifacts: arr(ref('Artifact')),
        metadata: struct(),
      },
      ['kind', 'id', 'contextId', 'status'],
    ),
    TaskStatusUpdateEvent: o(
      {
        kind: kind('status-update'),
        taskId: str(),
        contextId: str(),
        status: ref('TaskStatus'),
        final: bool('true on the last event of the stream.'),
        metadata: struct(),
      },
      ['kind', 'taskId', 'contextId', 'status', 'final'],
    ),
    TaskArtifactUpdateEvent: o(
      { kind: kind('artifact-update'), taskId: str(), contextId: str(), artifact: ref('Artifact'), append: bool(), lastChunk: bool(), metadata: struct() },
      ['kind', 'taskId', 'contextId', 'artifact'],
    ),
    PushNotificationAuthenticationInfo: o({ schemes: arr(str()), credentials: str() }, ['schemes']),
    PushNotificationConfig: o({ id: str(), url: str(undefined, { format: 'uri' }), token: str(), authentication: ref('PushNotificationAuthenticationInfo') }, [
      'url',
    ]),
    TaskPushNotificationConfig: o({ taskId: str(), pushNotificationConfig: ref('PushNotificationConfig') }, ['taskId', 'pushNotificationConfig']),
    MessageSendConfiguration: o({
      acceptedOutputModes: arr(str()),
      historyLength: int32(undefined, { minimum: 0 }),
      pushNotificationConfig: ref('PushNotificationConfig'),
      blocking: bool('Wait for a terminal or interrupted state. The 0.3 spec gives no default: send it explicitly.'),
    }),
    MessageSendParams: o({ message: ref('Message'), configuration: ref('MessageSendConfiguration'), metadata: struct() }, ['message']),
    TaskQueryParams: o({ id: str('Task id.'), historyLength: int32(undefined, { minimum: 0 }), metadata: struct() }, ['id']),
    TaskIdParams: o({ id: str('Task id.'), metadata: struct() }, ['id']),
    GetTaskPushNotificationConfigParams: o({ id: str('Task id.'), pushNotificationConfigId: str(), metadata: struct() }, ['id']),
    ListTaskPushNotificationConfigParams: o({ id: str('Task id.'), metadata: struct() }, ['id']),
    DeleteTaskPushNotificationConfigParams: o({ id: str('Task id.'), pushNotificationConfigId: str(), metadata: struct() }, ['id', 'pushNotificationConfigId']),
    TaskOrMessage: { oneOf: [ref('Task'), ref('Message')] },
    StreamEvent: { oneOf: [ref('Task'), ref('Message'), ref('TaskStatusUpdateEvent'), ref('TaskArtifactUpdateEvent')] },
    TaskPushNotificationConfigList: arr(ref('TaskPushNotificationConfig')),
    Null: { type: 'null' },
    NoParams: { type: ['object', 'null'], description: 'This method takes no params.' },
    AgentCard: {
      type: 'object',
      required: ['name', 'description', 'url', 'version', 'protocolVersion', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills'],
      properties: {
        name: str(),
        description: str(),
        url: str(),
        preferredTransport: str(),
        additionalInterfaces: arr({ type: 'object', properties: { url: str(), transport: str() }, required: ['url', 'transport'] }),
        version: str(),
        protocolVersion: str(),
        capabilities: {
          type: 'object',
          properties: { streaming: bool(), pushNotifications: bool(), stateTransitionHistory: bool(), extensions: arr(struct()) },
        },
        defaultInputModes: arr(str()),
        defaultOutputModes: arr(str()),
        skills: arr(struct()),
        securitySchemes: struct(),
        security: arr(struct()),
        supportsAuthenticatedExtendedCard: bool(),
        signatures: arr(struct()),
        provider: struct(),
        iconUrl: str(),
        documentationUrl: str(),
      },
    },
  };
}
