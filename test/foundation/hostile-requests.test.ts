/**
 * Hostile input never crashes the core (issue 13): every unary operation and every stream in the
 * contract, called through the one dispatcher every host uses, with requests a broken or malicious
 * client could send. An `internal` error is an unexpected throw (a crash path); a refusal must be a
 * clear error with a readable message, must not pollute Object.prototype, and must leave the data
 * folder's files as they were.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames, streamNames, type OperationName, type Result, type StreamName, type WireError } from '../../shared/contract/index';
import type { AnyStreamEvent } from '../../electron/node/dispatcher';
import { maxRequestDepth } from '../../electron/node/request-depth';
import { tempCore } from './test-core';

/** A closed port on loopback: any request that reaches the network is refused at once, and stays on this machine. */
const closed = 'http://127.0.0.1:1';

/**
 * Field names requests in the contract use. Wrong-typed and prototype-named values are put under all of
 * them at once, so each operation meets a wrong type in the fields it reads whatever its shape.
 */
const fieldNames = [
  'file',
  'url',
  'endpoint',
  'target',
  'source',
  'text',
  'body',
  'auth',
  'version',
  'binding',
  'method',
  'httpMethod',
  'path',
  'name',
  'value',
  'id',
  'query',
  'limit',
  'since',
  'fullBodies',
  'maxBytes',
  'draft',
  'call',
  'params',
  'headers',
  'environment',
  'environments',
  'expectedHash',
  'requestId',
  'count',
  'intervalMs',
  'card',
  'jwks',
  'from',
  'tabs',
  'windowId',
  'pageId',
  'workspace',
  'title',
  'operation',
  'probeText',
  'outDir',
  'fromSpec',
  'interface',
  'secretName',
  'secretNames',
  'into',
  'mode',
  'checks',
  'tls',
  'timeouts',
  'proxy',
  'metadata',
  'message',
  'oldPath',
  'newPath',
  'example',
  'timeoutMs',
] as const;

/** Keys that name Object.prototype members, as JSON.parse makes them (own properties, `__proto__` included). */
function prototypeKeyed(): Record<string, unknown> {
  return JSON.parse(
    '{"__proto__":{"polluted":"yes","toString":1},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"},' +
      '"toString":1,"valueOf":"x","hasOwnProperty":null,"isPrototypeOf":[],"toJSON":{}}',
  ) as Record<string, unknown>;
}

function everyField(value: () => unknown): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  for (const name of fieldNames) request[name] = value();
  return request;
}

/** 10,000 levels, built iteratively (a recursive builder would hit the stack limit of the test itself). */
function deeplyNested(levels: number): Record<string, unknown> {
  let inner: Record<string, unknown> = { end: true };
  for (let i = 0; i < levels; i++) inner = { a: inner };
  return inner;
}

/** The same value for every field (the request is refused or walked before any handler could change it). */
function sharedValue(value: unknown): () => unknown {
  return () => value;
}

const twoMegabytes = `${closed}/${'x'.repeat(2 * 1024 * 1024)}`;
const controlCharacters = `${closed}/a\u0000b\ud800c\udfff\r\nX-Injected: 1\r\n\r\n`;

interface Hostile {
  label: string;
  request: () => unknown;
}

/**
 * A request shaped like a real one for most operations at once (a call, a card, a target, a draft), so
 * handlers get past their first checks, with prototype-named keys, control characters and deep nesting
 * in the leaves. Every address is the closed loopback port; no transport is stdio.
 */
function plausible(leaf: () => unknown): Record<string, unknown> {
  const card = {
    ...prototypeKeyed(),
    name: 'Hostile agent',
    description: controlCharacters,
    version: '1.0.0',
    supportedInterfaces: [{ url: `${closed}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', ...prototypeKeyed() }],
    capabilities: { ...prototypeKeyed(), streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ ...prototypeKeyed(), id: '__proto__', name: 'constructor', description: 'x', tags: ['toString'], examples: [leaf()] }],
    metadata: { deep: leaf(), ...prototypeKeyed() },
  };
  return {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: `${closed}/a2a`,
    url: `${closed}/card`,
    method: 'SendMessage',
    httpMethod: 'post',
    path: '/__proto__',
    body: { message: { ...prototypeKeyed(), role: 'ROLE_USER', messageId: 'm1', parts: [{ text: controlCharacters }], metadata: leaf() } },
    headers: [{ name: 'X-Hostile', value: controlCharacters }],
    auth: { type: 'bearer', token: { secretRef: 'constructor' } },
    card,
    text: JSON.stringify(card),
    publicCard: card,
    interface: 0,
    paths: ['/__proto__', 'constructor.prototype'],
    target: { transport: 'auto', endpoint: `${closed}/mcp`, headers: [{ name: '__proto__', value: 'x' }] },
    params: { ...prototypeKeyed(), name: 'toString', arguments: leaf() },
    file: 'hostile.yaml',
    expectedHash: null,
    name: '__proto__',
    value: controlCharacters,
    id: '__proto__',
    query: 'status:__proto__ constructor',
    from: { ...prototypeKeyed(), deep: leaf() },
    draft: { ...prototypeKeyed(), method: 'POST', serverUrl: closed, path: '/__proto__', body: leaf() },
    call: { target: { transport: 'auto', endpoint: `${closed}/mcp` }, method: 'tools/call', params: { name: '__proto__', arguments: leaf() } },
    tabs: [{ draft: { ...prototypeKeyed(), id: 'constructor', kind: '__proto__', body: leaf() } }],
    windowId: 'constructor',
    pageId: '__proto__',
    environments: [{ name: 'hostile', variables: [{ name: 'constructor', value: controlCharacters }] }],
    source: `${closed}/openapi.json`,
    example: leaf(),
    environment: 'hostile',
  };
}

const hostileRequests: Hostile[] = [
  { label: 'undefined', request: () => undefined },
  { label: 'null', request: () => null },
  { label: '42', request: () => 42 },
  { label: "'text'", request: () => 'text' },
  { label: '[]', request: () => [] },
  { label: '{}', request: () => ({}) },
  { label: 'prototype-named keys at the top level', request: prototypeKeyed },
  { label: 'prototype-named keys in every field', request: () => everyField(prototypeKeyed) },
  {
    label: 'prototype-named keys two levels down',
    request: () => everyField(() => ({ ...prototypeKeyed(), inner: prototypeKeyed(), list: [prototypeKeyed()] })),
  },
  { label: 'a string in every field', request: () => everyField(() => `${closed}/text`) },
  { label: 'an object in every field', request: () => everyField(() => ({ a: 1 })) },
  { label: 'an array in every field', request: () => everyField(() => [1, 'two', null]) },
  { label: 'a number in every field', request: () => everyField(() => -1.5) },
  { label: 'a 2 MB string at the top level', request: () => twoMegabytes },
  { label: 'a 2 MB string in every field', request: () => everyField(() => twoMegabytes) },
  { label: '10,000 levels of nesting at the top level', request: () => deeplyNested(10_000) },
  // One nested value under every field (built once per request): building 56 of them cost more than the check they test.
  { label: '10,000 levels of nesting in every field', request: () => everyField(sharedValue(deeplyNested(10_000))) },
  // Just under the dispatcher's depth limit: what it lets through, the handlers' own walks must survive.
  { label: 'nesting just under the depth limit in every field', request: () => everyField(sharedValue(deeplyNested(maxRequestDepth - 3))) },
  { label: 'a plausible request with prototype-named leaves', request: () => plausible(prototypeKeyed) },
  {
    label: 'a plausible request against the seeded spec with a stale hash',
    request: () => ({ ...plausible(prototypeKeyed), file: 'seed.yaml', expectedHash: 'stale' }),
  },
  { label: 'a plausible request nested just under the depth limit', request: () => plausible(() => deeplyNested(maxRequestDepth - 12)) },
  { label: 'NUL, lone surrogates and CRLF at the top level', request: () => controlCharacters },
  { label: 'NUL, lone surrogates and CRLF in every field', request: () => everyField(() => controlCharacters) },
  {
    label: 'NUL, lone surrogates and CRLF in keys',
    request: () => ({ [controlCharacters]: controlCharacters, headers: { [controlCharacters]: controlCharacters }, variables: { [controlCharacters]: 'v' } }),
  },
];

/**
 * Operations not called here, each with the reason. Only side effects outside the temp data folder justify
 * a skip, and none has one with these requests: every address is 127.0.0.1:1 (closed), no request names a
 * stdio transport, the test core has no browser opener (oauth.obtain refuses first), servergen.generate
 * needs an absolute outDir (no string here is one), and relative spec paths resolve inside the temp workspace.
 */
const skipped: ReadonlyMap<string, string> = new Map();

/**
 * Known combinations still answered with `internal`, each with the reason it is not fixed here.
 * Keys are `<op> / <hostile label>`.
 */
const allowedInternal: ReadonlyMap<string, string> = new Map();

const settleWithin = 10_000;

function withDeadline<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${settleWithin} ms`)), settleWithin);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

function expectPrototypeUntouched(what: string): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), what).toEqual(prototypeNames);
  const fresh: Record<string, unknown> = {};
  const enumerable: string[] = [];
  for (const key in fresh) enumerable.push(key);
  expect(enumerable, what).toEqual([]);
  expect(fresh['polluted'], what).toBeUndefined();
  expect(Object.getPrototypeOf(fresh), what).toBe(Object.prototype);
}

/** A refusal people can read: a stable code other than `internal`, words, no stack and no `[object Object]`. */
function checkError(error: WireError, key: string): string | undefined {
  if (error.code === 'internal' && !allowedInternal.has(key)) return `${key}: internal error: ${error.message}`;
  if (typeof error.message !== 'string' || error.message.trim() === '') return `${key}: empty message (${error.code})`;
  if (/\n\s+at /.test(error.message)) return `${key}: message carries a stack: ${error.message.slice(0, 300)}`;
  if (error.message.includes('[object Object]')) return `${key}: message says [object Object]: ${error.message.slice(0, 300)}`;
  return undefined;
}

let env: Awaited<ReturnType<typeof tempCore>>;

/** The data folder's files other than history (a refused send is still recorded there, by design). */
async function snapshot(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const rel = relative(env.dir, full);
      if (rel === 'history' || entry.name.includes('.lock') || entry.name.includes('powerduck-tmp')) continue;
      if (entry.isDirectory()) await walk(full);
      else
        files.set(
          rel,
          createHash('sha256')
            .update(await readFile(full))
            .digest('hex'),
        );
    }
  }
  await walk(env.dir);
  return files;
}

/** Existing files changed or removed (new files are allowed: an accepted hostile spec.create makes one). */
function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before].filter(([file, hash]) => after.get(file) !== hash).map(([file]) => file);
}

beforeAll(async () => {
  env = await tempCore();
  const d = env.core.dispatcher;
  // Something to lose in every store: a spec, a secret, environments and a session.
  const seeded: Result<unknown>[] = [
    await d.invoke('spec.create', { file: 'seed.yaml', title: 'Seed' }),
    await d.invoke('secrets.set', { name: 'seed-token', value: 'seed-secret-value' }),
    await d.invoke('env.save', { environments: [{ name: 'dev', variables: [{ name: 'host', value: '127.0.0.1:1' }] }], expectedHash: null }),
    await d.invoke('session.save', { windowId: 'w1', pageId: 'p1', tabs: [{ draft: { id: 't1', kind: 'a2a', endpoint: 'http://127.0.0.1:1/' } }] }),
  ];
  for (const result of seeded) expect(result).toMatchObject({ ok: true });
}, 60_000);
afterAll(() => env.dispose());

function groupOf(name: string): string {
  return name.split('.')[0] ?? name;
}

const unaryGroups = [...new Set(operationNames.map(groupOf))].map((group) => ({
  group,
  ops: operationNames.filter((op) => groupOf(op) === group && !skipped.has(op)),
}));
const streamGroups = [...new Set(streamNames.map(groupOf))].map((group) => ({
  group,
  ops: streamNames.filter((op) => groupOf(op) === group && !skipped.has(op)),
}));

describe('hostile requests', () => {
  it('cover every operation and stream in the contract', () => {
    expect(unaryGroups.flatMap((g) => g.ops).length + [...skipped.keys()].filter((k) => operationNames.includes(k as OperationName)).length).toBe(
      operationNames.length,
    );
    expect(streamGroups.flatMap((g) => g.ops).length).toBe(
      streamNames.length - [...skipped.keys()].filter((k) => streamNames.includes(k as StreamName)).length,
    );
    expect(operationNames.length).toBeGreaterThan(40);
  });

  describe.each(unaryGroups)('unary $group operations', ({ ops }) => {
    it('answers ok or a clear refusal, pollutes nothing and loses nothing', async () => {
      const problems: string[] = [];
      let before = await snapshot();
      for (const op of ops) {
        for (const hostile of hostileRequests) {
          const key = `${op} / ${hostile.label}`;
          let result: Result<unknown>;
          try {
            result = await withDeadline(env.core.dispatcher.invokeUnknown(op, hostile.request()), key);
          } catch (error) {
            problems.push(`${key}: ${(error as Error).message}`);
            continue;
          }
          expectPrototypeUntouched(key);
          const after = await snapshot();
          if (result.ok) {
            before = after; // an accepted request may change what it was asked to change
            continue;
          }
          const bad = checkError(result.error, key);
          if (bad) problems.push(bad);
          const changed = changedFiles(before, after);
          if (changed.length) problems.push(`${key}: refused (${result.error.code}) but changed ${changed.join(', ')}`);
          before = after;
        }
      }
      expect(problems).toEqual([]);
    });
  });

  describe.each(streamGroups)('stream $group streams', ({ ops }) => {
    it('ends with exactly one end or error, a clear one, and loses nothing', async () => {
      const problems: string[] = [];
      let before = await snapshot();
      let n = 0;
      for (const op of ops) {
        for (const hostile of hostileRequests) {
          const key = `${op} / ${hostile.label}`;
          const events: AnyStreamEvent[] = [];
          try {
            await withDeadline(
              env.core.dispatcher.streamUnknown(op, `hostile-${n++}`, hostile.request(), (event) => events.push(event)),
              key,
            );
          } catch (error) {
            problems.push(`${key}: ${(error as Error).message}`);
            continue;
          }
          expectPrototypeUntouched(key);
          const terminal = events.filter((e) => e.kind === 'end' || e.kind === 'error');
          if (terminal.length !== 1 || events.at(-1) !== terminal[0]) {
            problems.push(`${key}: ${terminal.length} terminal events (${events.map((e) => e.kind).join(', ')})`);
            continue;
          }
          const last = terminal[0];
          const after = await snapshot();
          if (last?.kind === 'error') {
            const bad = checkError(last.error, key);
            if (bad) problems.push(bad);
            const changed = changedFiles(before, after);
            if (changed.length) problems.push(`${key}: refused (${last.error.code}) but changed ${changed.join(', ')}`);
          }
          before = after;
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
