import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../fixtures/cli-run';
import { CoreError } from '../../electron/node/core-error';
import { performMcpCall, performMcpConnect } from '../../electron/node/mcp/mcp-call';
import { QuestionBroker } from '../../electron/node/mcp/mcp-question-broker';
import { buildMcpHistoryEntry } from '../../shared/mcp/mcp-history';
import { mcpSummaryLines } from '../../shared/mcp/mcp-summary';
import type { McpCallRequest, McpExchangeRecord, McpStreamEvent } from '../../shared/mcp/mcp-types';
import { buildAskingServer, buildPagedServer, startMcpServer } from '../fixtures/mcp-server';
import { declaredCapabilities, streamMcpCall, testMcpDeps, toolCall, toolText, useMcpServerAndCore } from '../fixtures/mcp-calls';

const deps = testMcpDeps;
const bed = useMcpServerAndCore({ build: buildAskingServer });

const call = (tool: string, extra: Partial<McpCallRequest> = {}): McpCallRequest => toolCall(bed.server.url, tool, extra);
const stream = (id: string, request: McpCallRequest, onQuestion: (event: McpStreamEvent) => void) => streamMcpCall(bed.core, id, request, onQuestion);

describe('elicitation (form mode) during a call', () => {
  it('the client declares elicitation (form) and no sampling; roots only when the request carries some', async () => {
    const record = await performMcpCall(call('roots'), deps);
    expect(declaredCapabilities(record)).toEqual({ elicitation: {} });
    // Without roots the client does not answer roots/list: the tool sees the JSON-RPC error.
    expect(toolText(record)).toMatch(/-32601|Method not found/i);
  });

  it('stream: a wrong answer is refused and the question stays open; the right one reaches the tool', async () => {
    const refusals: unknown[] = [];
    const { record, events } = await stream('elicit-accept', call('ask'), (event) => {
      const question = event.elicitation!;
      expect(question.message).toBe('Which city?');
      expect(question.requestedSchema.required).toEqual(['city', 'days']);
      expect(question.timeoutMs).toBe(5 * 60_000);
      void (async () => {
        const base = { requestId: 'elicit-accept', serverRequestId: question.serverRequestId };
        const wrong: Array<Record<string, string | number>> = [
          { city: 'Seoul' },
          { city: 'Seoul', days: 9 },
          { city: 'Seoul', days: 2, units: 'kelvin' },
          { city: 'Seoul', days: 2, extra: 1 },
        ];
        for (const content of wrong) {
          const refused = await bed.core.dispatcher.invoke('mcp.answer', { ...base, result: { action: 'accept', content } });
          if (refused.ok) throw new Error('an answer that does not fit was accepted');
          refusals.push(refused.error);
        }
        const wrongStream = await bed.core.dispatcher.invoke('mcp.answer', { ...base, requestId: 'nope', result: { action: 'decline' } });
        refusals.push(!wrongStream.ok && wrongStream.error.code);
        const ok = await bed.core.dispatcher.invoke('mcp.answer', {
          ...base,
          result: { action: 'accept', content: { city: 'Seoul', days: 3, units: 'metric', alerts: true } },
        });
        expect(ok).toEqual({ ok: true, value: { answered: true } });
        // Answered once: a second answer finds nothing waiting.
        const again = await bed.core.dispatcher.invoke('mcp.answer', { ...base, result: { action: 'decline' } });
        refusals.push(!again.ok && again.error.code);
      })();
    });
    expect(refusals.slice(0, 4)).toEqual([
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('"days" is required') }),
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('"days" must be at most 7') }),
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('"units" must be one of "metric", "imperial"') }),
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('"extra" is not a field of this form') }),
    ]);
    expect(refusals.slice(4)).toEqual(['not-found', 'not-found']);
    expect(JSON.parse(toolText(record))).toEqual({ action: 'accept', content: { city: 'Seoul', days: 3, units: 'metric', alerts: true } });
    expect(record.elicitations).toEqual([
      expect.objectContaining({
        message: 'Which city?',
        answeredBy: 'user',
        answer: { action: 'accept', content: { city: 'Seoul', days: 3, units: 'metric', alerts: true } },
      }),
    ]);
    // The timeline shows the question, then the answer (the stream's consumer closes the form on it).
    expect(events.map((e) => e.event)).toEqual(['elicitation/create', 'elicitation/answer']);
    expect(events[1]?.elicitationAnswered).toMatchObject({ answeredBy: 'user', answer: { action: 'accept' } });
    // The raw exchange holds the server's request and the answer as sent.
    const asked = record.messages.find((m) => m.direction === 'received' && m.method === 'elicitation/create');
    expect(record.messages.find((m) => m.direction === 'sent' && m.kind === 'response' && m.id === asked?.id)?.message).toMatchObject({
      result: { action: 'accept' },
    });
  });

  it('stream: decline reaches the tool', async () => {
    const { record } = await stream('elicit-decline', call('ask'), (event) => {
      void bed.core.dispatcher.invoke('mcp.answer', {
        requestId: 'elicit-decline',
        serverRequestId: event.elicitation!.serverRequestId,
        result: { action: 'decline' },
      });
    });
    expect(JSON.parse(toolText(record))).toEqual({ action: 'decline' });
    expect(record.elicitations?.[0]).toMatchObject({ answeredBy: 'user', answer: { action: 'decline' } });
  });

  it('Stop while the question is open answers cancel and cancels the call', async () => {
    const { record } = await stream('elicit-stop', call('ask'), () => bed.core.dispatcher.cancel('elicit-stop'));
    expect(record.outcome.kind).toBe('cancelled');
    expect(record.elicitations?.[0]).toMatchObject({ answeredBy: 'stopped', answer: { action: 'cancel' } });
    expect(record.messages.some((m) => m.direction === 'sent' && m.method === 'notifications/cancelled')).toBe(true);
  });

  it('no answer within the time limit answers cancel (and the call does not time out meanwhile)', async () => {
    const broker = new QuestionBroker();
    // The question waits three times the call's own limit; the limit leaves the server room to ask and to answer on a
    // loaded machine (at 100 ms a clean CI saw the call time out before the server had asked).
    const record = await performMcpCall(call('ask', { timeoutMs: 500 }), { ...deps, elicitationTimeoutMs: 1500 }, { ask: broker.askers('s1') });
    expect(JSON.parse(toolText(record))).toEqual({ action: 'cancel' });
    expect(record.elicitations?.[0]).toMatchObject({ answeredBy: 'timeout', answer: { action: 'cancel' } });
    expect(broker.size).toBe(0);
  });

  it('mcp.call (no stream, as the CLI) declines at once and the record says so', async () => {
    const result = await bed.core.dispatcher.invoke('mcp.call', call('ask'));
    if (!result.ok) throw new Error(result.error.message);
    expect(JSON.parse(toolText(result.value))).toEqual({ action: 'decline' });
    expect(result.value.elicitations?.[0]).toMatchObject({ answeredBy: 'unattended', note: expect.stringContaining('Nobody could be asked') });
    // History keeps the question and the answer even with hashed bodies.
    const entry = buildMcpHistoryEntry(result.value, { source: 'send', fullBodies: false, sha256: () => 'x' });
    expect(entry.warnings).toContainEqual(expect.stringContaining('Elicitation "Which city?": declined (nobody could be asked)'));
  });

  it('a preset answer (--elicit-answer) is sent when it fits the form, declined with a note when it does not', async () => {
    const fits = await performMcpCall(call('ask', { elicitAnswer: { action: 'accept', content: { city: 'Busan', days: 1 } } }), deps);
    expect(JSON.parse(toolText(fits))).toEqual({ action: 'accept', content: { city: 'Busan', days: 1 } });
    expect(fits.elicitations?.[0]?.answeredBy).toBe('preset');
    const misfit = await performMcpCall(call('ask', { elicitAnswer: { action: 'accept', content: { city: 'Busan' } } }), deps);
    expect(JSON.parse(toolText(misfit))).toEqual({ action: 'decline' });
    expect(misfit.elicitations?.[0]?.note).toContain('"days" is required');
  });

  it('refuses malformed answers and presets with a clear error, sending nothing', async () => {
    for (const bad of [null, {}, { requestId: 'x' }, { requestId: 'x', serverRequestId: {}, result: { action: 'accept' } }]) {
      const r = await bed.core.dispatcher.invoke('mcp.answer', bad as never);
      expect(r).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    }
    const missing = await bed.core.dispatcher.invoke('mcp.answer', { requestId: 'x', serverRequestId: 1, result: { action: 'accept' } });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
    await expect(performMcpCall(call('ask', { elicitAnswer: { action: 'maybe' } as never }), deps)).rejects.toBeInstanceOf(CoreError);
    await expect(performMcpCall(call('ask', { elicitAnswer: { action: 'accept', content: { nested: { no: 1 } } } as never }), deps)).rejects.toThrow(
      /flat JSON object/,
    );
  });
});

describe('roots and requests the client does not offer', () => {
  it('roots/list is answered with the request’s roots, and the capability declared', async () => {
    const roots = [{ uri: 'file:///tmp/project', name: 'project' }, { uri: 'file:///tmp/other' }];
    const record = await performMcpCall(call('roots', { roots }), deps);
    expect(JSON.parse(toolText(record))).toEqual(roots);
    expect(declaredCapabilities(record)).toEqual({ elicitation: {}, roots: { listChanged: false } });
    expect(record.events?.map((e) => e.event)).toContain('roots/list');
  });

  it('refuses roots that are not file:// URIs', async () => {
    await expect(performMcpCall(call('roots', { roots: [{ uri: 'https://example.test/' }] }), deps)).rejects.toThrow(/not a file:\/\/ URI/);
    await expect(performMcpCall(call('roots', { roots: 'file:///tmp' as never }), deps)).rejects.toThrow(/list/);
    await expect(performMcpConnect({ target: call('roots').target, roots: [{ uri: 'file:///tmp', name: 7 as never }] }, deps)).rejects.toThrow(
      /name of a root/,
    );
    const connected = await performMcpConnect({ target: call('roots').target, roots: [{ uri: 'file:///tmp' }] }, deps);
    expect(declaredCapabilities(connected.record)).toEqual({ elicitation: {}, roots: { listChanged: false } });
  });

  it('sampling/createMessage is refused by the SDK and shows on the record', async () => {
    const record = await performMcpCall(call('sample-anyway'), deps);
    expect(record.outcome.kind).toBe('tool-error');
    expect(record.messages.some((m) => m.direction === 'received' && m.method === 'sampling/createMessage')).toBe(true);
    expect(record.events?.map((e) => e.event)).toContain('sampling/createMessage');
    expect(record.warnings).toContainEqual(expect.stringMatching(/sampling\/createMessage, which Powerduck does not offer.*-32601/));
  });
});

describe('send --mcp answers elicitations without asking', () => {
  it('declines by default and says how to answer; --elicit-answer accepts with values that fit; bad JSON is a usage error', async () => {
    const home = await mkdtemp(join(tmpdir(), 'powerduck-elicit-cli-'));
    try {
      const args = ['send', '--mcp', '--endpoint', bed.server.url, '--body', '{"name":"ask","arguments":{}}'];
      const declined = await runCliCaptured(args, { home });
      expect(declined.code).toBe(0);
      expect(declined.out).toContain('The server asked: "Which city?" → declined (answered without asking)');
      expect(declined.err).toContain('--elicit-answer');
      const accepted = await runCliCaptured([...args, '--elicit-answer', '{"city":"Jeju","days":2}'], { home });
      expect(accepted.code).toBe(0);
      expect(accepted.out).toContain('accepted (answered without asking)');
      expect(accepted.out).toContain('\\"city\\":\\"Jeju\\"');
      // Values that do not fit the form were never sent: a usage error (exit 2) that says why, not a quiet 0.
      const misfit = await runCliCaptured([...args, '--elicit-answer', '{"city":"Jeju","days":20}'], { home });
      expect(misfit.code).toBe(2);
      expect(misfit.err).toContain('--elicit-answer did not fit the form the server sent');
      expect(misfit.out).toContain('declined');
      const bad = await runCliCaptured([...args, '--elicit-answer', '[1]'], { home });
      expect(bad.code).toBe(2);
      expect(bad.err).toContain('--elicit-answer must be a JSON object');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('URL-mode elicitation (a page to open)', () => {
  it('a stream offers it: the question carries the page, accepting is answered, and the server’s “done” is recorded', async () => {
    const { record, events } = await stream('visit-accept', call('visit'), (event) => {
      const question = event.elicitation!;
      expect(question.page).toEqual({ mode: 'url', url: 'https://calendar.example.test/connect?state=xyz', elicitationId: 'cal-1' });
      expect(question.message).toBe('Sign in to Example Calendar');
      void (async () => {
        const base = { requestId: 'visit-accept', serverRequestId: question.serverRequestId };
        // A page takes no values.
        const refused = await bed.core.dispatcher.invoke('mcp.answer', { ...base, result: { action: 'accept', content: { city: 'x' } } });
        expect(refused).toMatchObject({ ok: false, error: { code: 'invalid', message: expect.stringContaining('"city" is not a field') } });
        await bed.core.dispatcher.invoke('mcp.answer', { ...base, result: { action: 'accept' } });
      })();
    });
    expect(declaredCapabilities(record)).toMatchObject({ elicitation: { form: {}, url: {} } });
    expect(JSON.parse(toolText(record))).toEqual({ action: 'accept' });
    expect(record.elicitations?.[0]).toMatchObject({ page: { elicitationId: 'cal-1' }, answeredBy: 'user', completedAtMs: expect.any(Number) });
    expect(events.map((e) => e.event)).toEqual(['elicitation/create', 'elicitation/answer', 'notifications/elicitation/complete']);
    // History says a page was asked for, not which (its URL may carry a state or a token).
    const entry = buildMcpHistoryEntry(record, { source: 'stream', fullBodies: false, sha256: () => 'x' });
    expect(entry.warnings).toContainEqual('Elicitation (a page to open) "Sign in to Example Calendar": accepted (by the user)');
    expect(JSON.stringify(entry)).not.toContain('state=xyz');
  });

  it('an accepted page opens in the system browser when the host has one, and only on accept', async () => {
    const opened: string[] = [];
    const page = { mode: 'url' as const, url: 'https://example.test/consent', elicitationId: 'p' };
    const prompt = (id: number) => ({
      serverRequestId: id,
      message: 'Consent',
      requestedSchema: { type: 'object' as const, properties: {} },
      page,
      timeoutMs: 5000,
    });
    const withBrowser = new QuestionBroker({ openBrowser: async (url) => (opened.push(url), true) });
    const asked = withBrowser.askers('s').elicit(prompt(1), new AbortController().signal);
    expect(await withBrowser.answer({ requestId: 's', serverRequestId: 1, result: { action: 'accept' } })).toEqual({ answered: true, opened: true });
    expect(await asked).toEqual({ answer: { action: 'accept' }, answeredBy: 'user' });
    const declined = withBrowser.askers('s').elicit(prompt(2), new AbortController().signal);
    expect(await withBrowser.answer({ requestId: 's', serverRequestId: 2, result: { action: 'decline' } })).toEqual({ answered: true });
    await declined;
    expect(opened).toEqual(['https://example.test/consent']);
    // The browser host has no system browser: the page opens it (the user's click allows the popup).
    const without = new QuestionBroker();
    const third = without.askers('s').elicit(prompt(3), new AbortController().signal);
    expect(await without.answer({ requestId: 's', serverRequestId: 3, result: { action: 'accept' } })).toEqual({ answered: true, opened: false });
    await third;
  });

  it('a page that is not http(s) is declined without being shown', async () => {
    const { record, events } = await stream('visit-file', call('visit-file'), () => {
      throw new Error('a file: page reached the user');
    });
    expect(JSON.parse(toolText(record))).toEqual({ action: 'decline' });
    expect(record.elicitations?.[0]?.note).toContain('file: URL, not a web page');
    expect(events.every((e) => e.elicitation === undefined)).toBe(true);
  });

  it('without someone to ask, URL mode is not offered: the server answers URLElicitationRequired and the summary names the page', async () => {
    const record = await performMcpCall(call('visit'), deps);
    expect(record.outcome).toMatchObject({ kind: 'rpc-error', code: -32042 });
    const lines = mcpSummaryLines(record).join('\n');
    expect(lines).toContain('The server needs you to open: https://calendar.example.test/connect?state=xyz (Sign in to Example Calendar)');
  });
});

describe('the server log level', () => {
  it('logLevel sends logging/setLevel after initialize, and the server then logs from that level up', async () => {
    const levels = (record: McpExchangeRecord): string[] =>
      (record.events ?? []).filter((e) => e.event === 'notifications/message').map((e) => (e.data as { params: { level: string } }).params.level);
    const all = await performMcpCall(call('log'), deps);
    expect(levels(all)).toEqual(['debug', 'info', 'warning', 'error']);
    const warning = await performMcpCall(call('log', { logLevel: 'warning' }), deps);
    expect(warning.messages.filter((m) => m.direction === 'sent').map((m) => m.method)).toContain('logging/setLevel');
    expect(levels(warning)).toEqual(['warning', 'error']);
    expect(warning.warnings).toEqual([]);
    await expect(performMcpCall(call('log', { logLevel: 'loud' as never }), deps)).rejects.toThrow(/logLevel must be one of debug, info/);
  });

  it('a server that does not declare logging is not sent logging/setLevel, and the record says why', async () => {
    const quiet = await startMcpServer({ build: () => buildPagedServer(1) });
    try {
      const record = await performMcpCall({ ...call('tool0', { logLevel: 'error' }), target: { transport: 'auto', endpoint: quiet.url } }, deps);
      expect(record.outcome.kind).toBe('result');
      expect(record.messages.some((m) => m.method === 'logging/setLevel')).toBe(false);
      expect(record.warnings).toContain('The server does not declare logging, so logging/setLevel error was not sent.');
    } finally {
      await quiet.close();
    }
  });
});

describe('send --mcp --log-level', () => {
  it('prints the server’s log messages from that level up; an unknown level is a usage error', async () => {
    const home = await mkdtemp(join(tmpdir(), 'powerduck-log-level-cli-'));
    try {
      const args = ['send', '--mcp', '--endpoint', bed.server.url, '--body', '{"name":"log","arguments":{}}'];
      const errors = await runCliCaptured([...args, '--log-level', 'error'], { home });
      expect(errors.code).toBe(0);
      expect(errors.out).toContain('a error message');
      expect(errors.out).not.toContain('a warning message');
      const bad = await runCliCaptured([...args, '--log-level', 'loud'], { home });
      expect(bad.code).toBe(2);
      expect(bad.err).toContain('--log-level must be one of debug, info');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
