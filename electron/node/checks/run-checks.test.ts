import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokenAgent, type BrokenAgent } from '../../../test/checks/broken-agent';
import { createFileSecretStore } from '../secret-store';
import { runChecks } from './run-checks';
import { Connections } from '../connections';
import { startRecordingServer, type RecordingServer } from '../../../test/fixtures/recording-server';

/** This file's connection pools (a core would own them), closed after its tests. */
const connections = new Connections();

let agent: BrokenAgent;
let cards: RecordingServer;
let cardBase: string;

const deps = () => ({ call: { secrets: createFileSecretStore('/nonexistent/s.json'), environment: {}, now: Date.now, connections }, toolVersion: 'test' });

beforeAll(async () => {
  agent = await startBrokenAgent();
  // Cards whose interfaces point at a closed port (127.0.0.1:9, the discard port, is not listening here).
  cards = await startRecordingServer((request, res) => {
    const interfaces =
      request.url === '/half/.well-known/agent-card.json'
        ? [
            { url: agent.rpcUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
            { url: 'http://127.0.0.1:9/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
          ]
        : [{ url: 'http://127.0.0.1:9/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }];
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ name: 'Card', supportedInterfaces: interfaces, capabilities: {} }));
  });
  cardBase = cards.base;
});

afterAll(async () => {
  await agent?.close();
  await cards.close();
});

describe('runChecks', () => {
  it('skips the rest of an interface it cannot reach, and says so', async () => {
    const report = await runChecks({ target: `${cardBase}/half/.well-known/agent-card.json`, only: ['protocol'] }, deps());
    const rest = report.results.filter((r) => r.interface.binding === 'HTTP+JSON');
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((r) => r.verdict === 'skipped' && r.reason.includes('could not be reached'))).toBe(true);
    // Only the first probe went out; the other checks did not knock again.
    expect(rest.reduce((n, r) => n + r.evidence.length, 0)).toBe(1);
    expect(report.results.filter((r) => r.interface.binding === 'JSONRPC').every((r) => r.verdict !== 'skipped')).toBe(true);
    expect(report.notes.some((n) => n.startsWith('Not reachable'))).toBe(true);
  });

  it('an agent none of whose interfaces answer is a connection error, not a list of failures', async () => {
    await expect(runChecks({ target: `${cardBase}/.well-known/agent-card.json` }, deps())).rejects.toMatchObject({ code: 'connect' });
  });

  it('refuses malformed requests before sending anything', async () => {
    await expect(runChecks({ target: agent.cardUrl, binding: 'SOAP' as never }, deps())).rejects.toMatchObject({ code: 'bad-request' });
    await expect(runChecks({ target: agent.cardUrl, only: ['nope' as never] }, deps())).rejects.toMatchObject({ code: 'bad-request' });
    await expect(runChecks({ target: 42 as never }, deps())).rejects.toMatchObject({ code: 'bad-request' });
  });

  it('uses the chosen probe text and says where the text came from', async () => {
    const report = await runChecks({ target: agent.cardUrl, binding: 'JSONRPC', checks: ['message.unknown-task-id'], probeText: 'custom words' }, deps());
    expect(report.notes).toContain('Probe text: "custom words" (chosen).');
    expect(report.results[0]?.evidence[0]?.request.body).toContain('custom words');
  });
});
