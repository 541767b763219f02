/**
 * Bodies with unquoted {{variables}} (`{"count": {{n}}}`: JSON text, JSON only once filled in) in
 * spec files: A2A (x-a2a bodyText), MCP (x-mcp paramsText) and plain HTTP (the media type's
 * x-powerduck-body-text) save the text as written, reopen to exactly that text, run with the
 * variables filled in, and validate; valid JSON bodies are saved as before; a credential typed into
 * the text is refused. And the CLI: `send --body` and `spec add --body` take such a body.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { A2aCall } from '../../shared/a2a/call';
import type { McpSaveRequest } from '../../shared/contract/ops-mcp';
import type { SpecOperationSummary } from '../../shared/contract/ops-spec';
import { callFromXA2a } from '../../shared/openapi/call-from-operation';
import { openCore, type Core } from '../../electron/node/core';
import { createHttpDraft } from '../../renderer/src/features/http/http-draft';
import { saveDraftFor } from '../../renderer/src/features/http/http-save-draft';
import { operationTab } from '../../renderer/src/features/http/operation-tab';
import { buildCall as buildMcpCall, createMcpDraft, seedFromOperation } from '../../renderer/src/features/mcp/mcp-draft';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';
import { changedLines } from '../fixtures/text-lines';

const TOKEN = 'literal-bearer-5d2f-never-in-a-file';
/** What the editor holds, as typed: unquoted references, odd spacing, a trailing newline. */
const BODY =
  '{\n  "message": {"role": "ROLE_USER", "messageId": "m-1", "parts": [{"text": "{{word}}"}],\n    "metadata": {"count": {{n}}, "flag": {{ on }}, "all": [{{n}}, "{{n}}"]}}\n}\n';

let agent: RecordingServer;
let mcp: RunningMcpServer;
let home: string;
let core: Core;

beforeAll(async () => {
  agent = await startRecordingServer((request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const id = (JSON.parse(request.text || '{}') as { id?: unknown }).id ?? 1;
    res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { message: { messageId: 'a-1', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } } }));
  });
  mcp = await startMcpServer();
  home = await mkdtemp(join(tmpdir(), 'powerduck-unquoted-'));
  core = await openCore({ host: 'test', dataDir: home, environment: {} });
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'local',
        variables: [
          { name: 'n', value: '7' },
          { name: 'on', value: 'true' },
          { name: 'word', value: 'say "hi"' },
          { name: 'notJson', value: 'abc' },
        ],
      },
    ],
  });
  expect(saved.ok).toBe(true);
});

afterAll(async () => {
  await core.close();
  await Promise.all([agent.close(), mcp.close()]);
  await rm(home, { recursive: true, force: true });
});

const cli = (args: string[]): Promise<CliRun> => runCliCaptured(args, { home });

function a2aCall(over: Partial<A2aCall> = {}): A2aCall {
  return { version: '1.0', binding: 'JSONRPC', endpoint: `${agent.base}/rpc`, method: 'SendMessage', body: undefined, bodyText: BODY, ...over };
}

async function hashOf(file: string): Promise<string | null> {
  const opened = await core.dispatcher.invoke('spec.open', { file });
  return opened.ok ? opened.value.hash : null;
}

async function saveA2a(file: string, path: string, call: A2aCall): Promise<void> {
  const saved = await core.dispatcher.invoke('spec.save', { file, path, expectedHash: await hashOf(file), call });
  if (!saved.ok) throw new Error(`${saved.error.code}: ${saved.error.message}`);
}

async function operation(file: string, path: string): Promise<SpecOperationSummary> {
  const opened = await core.dispatcher.invoke('spec.open', { file });
  if (!opened.ok) throw new Error(opened.error.message);
  const op = opened.value.operations.find((o) => o.path === path);
  if (!op) throw new Error(`no ${path}`);
  return op;
}

async function validate(file: string): Promise<{ valid: boolean; problems: Array<{ severity: string; path: string; message: string; rule?: string }> }> {
  const r = await core.dispatcher.invoke('spec.validate', { file });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The JSON-RPC params the agent received last. */
function lastParams(): { message: { parts: Array<{ text: string }>; metadata: unknown } } {
  const last = agent.requests.at(-1);
  return (JSON.parse(last?.text ?? '{}') as { params: { message: { parts: Array<{ text: string }>; metadata: unknown } } }).params;
}

describe('A2A: a body with unquoted {{variables}} in a spec', () => {
  it.each(['yaml', 'json'] as const)(
    'saves the text as written (%s), reopens to exactly it, validates and runs with the variables filled in',
    async (format) => {
      const file = join(home, `a2a.${format}`);
      await saveA2a(file, '/send', a2aCall());
      const text = await readFile(file, 'utf8');
      const doc = (format === 'yaml' ? YAML.parse(text) : JSON.parse(text)) as { paths: Record<string, { post: { 'x-a2a': Record<string, unknown> } }> };
      const x = doc.paths['/send']?.post['x-a2a'];
      expect(x?.['bodyText']).toBe(BODY);
      // For tools that read JSON only, the example shows each unquoted variable as the string "{{name}}".
      expect(x?.['example']).toEqual({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: {
          message: {
            role: 'ROLE_USER',
            messageId: 'm-1',
            parts: [{ text: '{{word}}' }],
            metadata: { count: '{{n}}', flag: '{{ on }}', all: ['{{n}}', '{{n}}'] },
          },
        },
      });
      expect(await validate(file)).toMatchObject({ valid: true, problems: [] });

      // What the sidebar's Open reads (open-operation.test.ts: the tab takes this text as it is).
      const op = await operation(file, '/send');
      expect(op.a2a?.bodyText).toBe(BODY);
      expect(op.a2a && callFromXA2a(op.a2a).bodyText).toBe(BODY);

      // ▶ Run (spec.run) fills the variables: numbers and booleans as JSON, the quoted one as text.
      agent.clear();
      const ran = await core.dispatcher.invoke('spec.run', { file, path: '/send', environment: 'local' });
      if (!ran.ok) throw new Error(ran.error.message);
      expect(lastParams().message.metadata).toEqual({ count: 7, flag: true, all: [7, '7'] });
      expect(lastParams().message.parts[0]?.text).toBe('say "hi"');

      // Docs say how the body is kept; Copy for LLM gives the text as written.
      const docs = await core.dispatcher.invoke('spec.docs', { file, path: '/send' });
      if (!docs.ok) throw new Error(docs.error.message);
      expect(docs.value.notes.join('\n')).toMatch(/saved as written, with unquoted \{\{variables\}\}/);
      const llm = await core.dispatcher.invoke('spec.copyForLlm', { file, path: '/send' });
      if (!llm.ok) throw new Error(llm.error.message);
      expect(llm.value.markdown).toContain(BODY);

      // Without an environment the run is refused by name, and nothing is sent.
      agent.clear();
      const refused = await core.dispatcher.invoke('spec.run', { file, path: '/send' });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.message).toMatch(/\{\{n\}\}/);
      expect(agent.requests).toHaveLength(0);
    },
  );

  it('keeps a valid JSON body as it always was, leaves other operations byte for byte, and drops the text when the body is plain again', async () => {
    const file = join(home, 'mixed.yaml');
    await saveA2a(file, '/plain', a2aCall({ body: { message: { role: 'ROLE_USER', messageId: 'p', parts: [{ text: 'hi' }] } }, bodyText: undefined }));
    const plainOnly = await readFile(file, 'utf8');
    // A bodyText that is plain JSON is the same body as a value: saved exactly alike.
    const viaText = join(home, 'via-text.yaml');
    await saveA2a(viaText, '/plain', a2aCall({ bodyText: '{"message": {"role": "ROLE_USER", "messageId": "p", "parts": [{"text": "hi"}]}}' }));
    expect(await readFile(viaText, 'utf8')).toBe(plainOnly.replace(/mixed/g, 'via-text'));
    expect(plainOnly).not.toContain('bodyText');

    await saveA2a(file, '/templated', a2aCall());
    const both = await readFile(file, 'utf8');
    const added = changedLines(plainOnly, both);
    // The plain operation's lines are all still there: only the new one (and its schemas) were added.
    expect(added.removed).toEqual([]);
    expect(both).toContain('bodyText');

    // Saved again with a plain body, the operation loses its text form.
    await saveA2a(file, '/templated', a2aCall({ body: { message: { role: 'ROLE_USER', messageId: 't', parts: [{ text: 'x' }] } }, bodyText: undefined }));
    const op = await operation(file, '/templated');
    expect(op.a2a?.bodyText).toBeUndefined();
    expect(await readFile(file, 'utf8')).not.toContain('bodyText');
  });

  it('refuses a credential typed into the text (nothing written, no secret stored), and text that is not JSON even with its variables', async () => {
    const file = join(home, 'refused.yaml');
    const withToken = await core.dispatcher.invoke('spec.save', {
      file,
      path: '/leak',
      expectedHash: null,
      call: a2aCall({ auth: { type: 'bearer', token: { value: TOKEN } }, bodyText: `{"message": {"metadata": {"n": {{n}}, "t": "${TOKEN}"}}}` }),
    });
    expect(withToken.ok).toBe(false);
    if (!withToken.ok) expect(withToken.error.message).toMatch(/credential/);
    await expect(readFile(file, 'utf8')).rejects.toThrow();
    const secrets = await core.dispatcher.invoke('secrets.list', {});
    expect(secrets.ok && secrets.value.names).toEqual([]);

    const broken = await core.dispatcher.invoke('spec.save', { file, path: '/broken', expectedHash: null, call: a2aCall({ bodyText: '{"n": {{n}} "m": 1}' }) });
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error.message).toMatch(/not JSON, even with its \{\{variables\}\}/);
  });

  it('spec validate finds a hand edit that breaks the saved text', async () => {
    const file = join(home, 'hand.yaml');
    await saveA2a(file, '/send', a2aCall({ bodyText: '{"n": {{n}}}' }));
    const text = await readFile(file, 'utf8');
    expect(text).toContain('bodyText: "{\\"n\\": {{n}}}"');
    await writeFile(file, text.replace('bodyText: "{\\"n\\": {{n}}}"', 'bodyText: "{\\"n\\": {{n}} oops}"'));
    const result = await validate(file);
    expect(result.valid).toBe(false);
    expect(result.problems).toContainEqual(expect.objectContaining({ severity: 'error', rule: 'json-text', path: expect.stringContaining('bodyText') }));
  });
});

describe('MCP: params with unquoted {{variables}} in a spec', () => {
  const ARGS = '{\n  "a": {{n}},\n  "b": 35\n}\n';

  it('saves the params text, reopens the tool arguments exactly as typed, validates, and runs with the variables filled in', async () => {
    const file = join(home, 'mcp.yaml');
    const built = buildMcpCall(createMcpDraft('t', { endpoint: mcp.url, bodyText: ARGS, subject: { kind: 'tool', name: 'add' } }));
    if (!built.ok) throw new Error(built.message);
    expect(built.value.paramsText).toBeDefined();
    const request: McpSaveRequest = {
      file,
      expectedHash: null,
      path: '/mcp/add',
      call: { target: built.value.target, method: built.value.method, ...(built.value.paramsText !== undefined ? { paramsText: built.value.paramsText } : {}) },
      subject: { kind: 'tool', name: 'add' },
    };
    const saved = await core.dispatcher.invoke('mcp.save', request);
    if (!saved.ok) throw new Error(saved.error.message);
    const x = (YAML.parse(await readFile(file, 'utf8')) as { paths: Record<string, { post: { 'x-mcp': Record<string, unknown> } }> }).paths['/mcp/add']?.post[
      'x-mcp'
    ];
    expect(x?.['paramsText']).toBe(built.value.paramsText);
    expect(x?.['params']).toEqual({ name: 'add', arguments: { a: '{{n}}', b: 35 } });
    expect(x?.['tool']).toBe('add');
    expect(await validate(file)).toMatchObject({ valid: true, problems: [] });

    const drafted = await core.dispatcher.invoke('mcp.draftOperation', { file, path: '/mcp/add' });
    if (!drafted.ok) throw new Error(drafted.error.message);
    expect(drafted.value.call.paramsText).toBe(built.value.paramsText);
    expect(drafted.value.call.params).toBeUndefined();
    expect(seedFromOperation(drafted.value).bodyText).toBe(ARGS);

    const ran = await core.dispatcher.invoke('mcp.call', { ...drafted.value.call, environment: 'local' });
    if (!ran.ok) throw new Error(ran.error.message);
    expect(ran.value.outcome).toMatchObject({ kind: 'result', result: { structuredContent: { sum: 42 } } });

    // The docs' CLI example sends the same text (send --mcp --body takes it; --env fills it).
    const docs = await core.dispatcher.invoke('spec.docs', { file, path: '/mcp/add' });
    if (!docs.ok) throw new Error(docs.error.message);
    const example = docs.value.codeExamples.find((e) => e.id === 'powerduck')?.code ?? '';
    expect(example).toContain('{{n}}');
    expect(example).not.toContain('"{{n}}"');

    // powerduck run fills them from --env too.
    const run = await cli(['run', file, '/mcp/add', '--env', 'local', '--json']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('"sum":42');
  });

  it('keeps plain JSON params as an object, and refuses a credential typed into the text', async () => {
    const file = join(home, 'mcp-plain.yaml');
    const plain = await core.dispatcher.invoke('mcp.save', {
      file,
      expectedHash: null,
      path: '/mcp/plain',
      call: { target: { transport: 'auto', endpoint: mcp.url }, method: 'tools/call', paramsText: '{"name": "add", "arguments": {"a": 1, "b": 2}}' },
    });
    if (!plain.ok) throw new Error(plain.error.message);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('paramsText');
    expect(YAML.parse(text).paths['/mcp/plain'].post['x-mcp'].params).toEqual({ name: 'add', arguments: { a: 1, b: 2 } });

    const leak = await core.dispatcher.invoke('mcp.save', {
      file,
      expectedHash: await hashOf(file),
      path: '/mcp/leak',
      call: {
        target: { transport: 'auto', endpoint: mcp.url, auth: { type: 'bearer', token: { value: TOKEN } } },
        method: 'tools/call',
        paramsText: `{"name": "add", "arguments": {"a": {{n}}, "b": "${TOKEN}"}}`,
      },
    });
    expect(leak.ok).toBe(false);
    if (!leak.ok) expect(leak.error.message).toMatch(/credential/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});

describe('HTTP: a JSON body with unquoted {{variables}} in a spec', () => {
  const HTTP_BODY = '{"count": {{n}},\n "flag": {{on}}, "name": "{{word}}"}\n';

  it('is saved as x-powerduck-body-text beside a JSON example, opens to exactly the text, validates, and powerduck run fills it', async () => {
    const file = join(home, 'http.yaml');
    const tab = createHttpDraft('t', { method: 'POST', url: `${agent.base}/items`, bodyKind: 'json', bodyText: HTTP_BODY });
    const saved = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: null,
      draft: saveDraftFor(tab, undefined, { path: '/items', summary: '', withResponse: false }),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const media = (
      YAML.parse(await readFile(file, 'utf8')) as {
        paths: Record<string, { post: { requestBody: { content: Record<string, Record<string, unknown>> } } }>;
      }
    ).paths['/items']?.post.requestBody.content['application/json'];
    expect(media).toEqual({ example: { count: '{{n}}', flag: '{{on}}', name: '{{word}}' }, 'x-powerduck-body-text': HTTP_BODY });
    expect(await validate(file)).toMatchObject({ valid: true, problems: [] });

    const drafted = await core.dispatcher.invoke('http.draftOperation', { file, path: '/items', httpMethod: 'post' });
    if (!drafted.ok) throw new Error(drafted.error.message);
    expect(operationTab(drafted.value, { path: '/items', httpMethod: 'post' }).bodyText).toBe(HTTP_BODY);

    agent.clear();
    const run = await cli(['run', file, 'POST /items', '--env', 'local']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(agent.requests.at(-1)?.text ?? '')).toEqual({ count: 7, flag: true, name: 'say "hi"' });
  });

  it('spec validate finds a hand edit that breaks the saved text', async () => {
    const file = join(home, 'http-hand.yaml');
    const tab = createHttpDraft('t', { method: 'POST', url: `${agent.base}/items`, bodyKind: 'json', bodyText: '{"n": {{n}}}' });
    const saved = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: null,
      draft: saveDraftFor(tab, undefined, { path: '/items', summary: '', withResponse: false }),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('x-powerduck-body-text: "{\\"n\\": {{n}}}"');
    await writeFile(file, text.replace('x-powerduck-body-text: "{\\"n\\": {{n}}}"', 'x-powerduck-body-text: "{\\"n\\": {{n}}"'));
    const result = await validate(file);
    expect(result.valid).toBe(false);
    expect(result.problems).toContainEqual(
      expect.objectContaining({ severity: 'error', rule: 'json-text', path: expect.stringContaining('x-powerduck-body-text') }),
    );
  });

  it('saves a plain JSON body as its example only, as before', async () => {
    const file = join(home, 'http-plain.yaml');
    const tab = createHttpDraft('t', { method: 'POST', url: `${agent.base}/items`, bodyKind: 'json', bodyText: '{"count": 1}' });
    const saved = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: null,
      draft: saveDraftFor(tab, undefined, { path: '/items', summary: '', withResponse: false }),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('x-powerduck-body-text');
    expect(YAML.parse(text).paths['/items'].post.requestBody.content['application/json']).toEqual({ example: { count: 1 } });
  });
});

describe('CLI: --body with unquoted {{variables}}', () => {
  const body = '{"message": {"role": "ROLE_USER", "messageId": "c-1", "parts": [{"text": "hi"}], "metadata": {"count": {{n}}, "flag": {{on}}}}}';

  it('send fills them from --env as the app does (inline, from a file, from stdin)', async () => {
    agent.clear();
    const inline = await cli(['send', '--endpoint', `${agent.base}/rpc`, '--body', body, '--env', 'local']);
    expect(inline.err).toBe('');
    expect(inline.code).toBe(0);
    expect(lastParams().message.metadata).toEqual({ count: 7, flag: true });

    const path = join(home, 'body.json');
    await writeFile(path, body);
    const fromFile = await cli(['send', '--endpoint', `${agent.base}/rpc`, '--body', path, '--env', 'local']);
    expect(fromFile.code).toBe(0);
    const fromStdin = await runCliCaptured(['send', '--endpoint', `${agent.base}/rpc`, '--body', '-', '--env', 'local'], { home, stdin: body });
    expect(fromStdin.code).toBe(0);
    expect(agent.requests).toHaveLength(3);
  });

  it('send refuses an unknown variable by name, a value that is not JSON text, and JSON broken around the variable; nothing is sent', async () => {
    agent.clear();
    const unknown = await cli(['send', '--endpoint', `${agent.base}/rpc`, '--body', '{"message": {"metadata": {"x": {{missing}}}}}', '--env', 'local']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/\{\{missing\}\}/);
    const noEnv = await cli(['send', '--endpoint', `${agent.base}/rpc`, '--body', '{"message": {"metadata": {"x": {{n}}}}}']);
    expect(noEnv.code).toBe(2);
    expect(noEnv.err).toMatch(/\{\{n\}\}.*--env NAME/);
    const notJson = await cli(['send', '--endpoint', `${agent.base}/rpc`, '--body', '{"message": {"metadata": {"x": {{notJson}}}}}', '--env', 'local']);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toMatch(/\{\{notJson\}\}.*unquoted.*must be JSON text/);
    const broken = await cli(['send', '--endpoint', `${agent.base}/rpc`, '--body', '{"x": {{n}} "y": 1}', '--env', 'local']);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/--body is not valid JSON/);
    expect(agent.requests).toHaveLength(0);
  });

  it('spec add saves such a body as written, and powerduck run fills it in', async () => {
    const file = join(home, 'cli-spec.yaml');
    const added = await cli(['spec', 'add', file, '/cli/send', '--endpoint', `${agent.base}/rpc`, '--body', body]);
    expect(added.err).toBe('');
    expect(added.code).toBe(0);
    expect((await operation(file, '/cli/send')).a2a?.bodyText).toBe(body);
    const checked = await cli(['spec', 'validate', file]);
    expect(checked.code).toBe(0);
    agent.clear();
    const run = await cli(['run', file, '/cli/send', '--env', 'local']);
    expect(run.code).toBe(0);
    expect(lastParams().message.metadata).toEqual({ count: 7, flag: true });
  });
});
