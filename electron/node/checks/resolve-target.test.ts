import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokenAgent, type BrokenAgent } from '../../../test/checks/broken-agent';
import { registryMismatches } from './check-registry';
import { declaredVersionsAt } from '../../../shared/checks/card-target';
import { resolveTarget, type LookupNet } from './resolve-target';
import { createMemorySecretStore } from '../secret-store';
import { Connections } from '../connections';
import { startRecordingServer, type RecordingServer } from '../../../test/fixtures/recording-server';

const connections = new Connections();
const net = (timeoutMs: number): LookupNet => ({ deps: { secrets: createMemorySecretStore(), environment: {}, now: Date.now, connections }, timeoutMs });

let agent: BrokenAgent;
let bare: RecordingServer;
let bareUrl: string;

beforeAll(async () => {
  agent = await startBrokenAgent();
  // An HTTP server with no card at its root; one agent publishes its card under its base path
  // /agents/x, declaring 0.3 as well only in the card a 0.3 client gets (no A2A-Version).
  bare = await startRecordingServer((request, res) => {
    if (request.url === '/agents/x/.well-known/agent-card.json') {
      const rpc = `${bareUrl}/agents/x/rpc`;
      const interfaces = [{ url: rpc, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }];
      if (request.headers['a2a-version'] !== '1.0') interfaces.push({ url: rpc, protocolBinding: 'JSONRPC', protocolVersion: '0.3' });
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name: 'Agent x', version: '1', supportedInterfaces: interfaces, capabilities: {} }));
    }
    res.writeHead(404).end('nothing here');
  });
  bareUrl = bare.base;
});

afterAll(async () => {
  connections.close();
  await agent?.close();
  await bare.close();
});

describe('check registry', () => {
  it('has exactly one probe per catalogue entry', () => {
    expect(registryMismatches()).toEqual([]);
  });
});

describe('resolveTarget', () => {
  it("a card URL gives the card's interfaces, filtered by the user's choice", async () => {
    const all = await resolveTarget(agent.cardUrl, {}, net(5_000));
    expect(all.interfaces.map((i) => i.binding)).toEqual(['JSONRPC', 'HTTP+JSON']);
    expect(all.info).toMatchObject({ input: agent.cardUrl, cardUrl: agent.cardUrl, agentName: 'Broken agent' });
    const rest = await resolveTarget(agent.cardUrl, { binding: 'HTTP+JSON' }, net(5_000));
    expect(rest.interfaces).toEqual([{ binding: 'HTTP+JSON', version: '1.0', url: agent.restUrl }]);
    await expect(resolveTarget(agent.cardUrl, { version: '0.3' }, net(5_000))).rejects.toMatchObject({ code: 'not-found' });
  });

  it('an agent base URL uses its well-known card', async () => {
    const resolved = await resolveTarget(agent.baseUrl, {}, net(5_000));
    expect(resolved.info.cardUrl).toBe(agent.cardUrl);
    expect(resolved.card?.capabilities.streaming).toBe(true);
  });

  it('an endpoint is checked as given; the card at its origin supplies capabilities', async () => {
    const resolved = await resolveTarget(agent.rpcUrl, {}, net(5_000));
    expect(resolved.interfaces).toEqual([{ binding: 'JSONRPC', version: '1.0', url: agent.rpcUrl }]);
    expect(resolved.card?.capabilities).toMatchObject({ streaming: true });
    expect(resolved.notes[0]).toContain(`Card found at the origin root: ${agent.cardUrl}`);
    expect(resolved.info).toMatchObject({ cardUrl: agent.cardUrl, cardFoundAt: 'origin-root' });
  });

  it('a base URL with a path resolves its own card first, and reads the versions it declares at each URL', async () => {
    const resolved = await resolveTarget(`${bareUrl}/agents/x`, {}, net(5_000));
    expect(resolved.interfaces).toEqual([{ binding: 'JSONRPC', version: '1.0', url: `${bareUrl}/agents/x/rpc` }]);
    expect(resolved.info).toMatchObject({ cardUrl: `${bareUrl}/agents/x/.well-known/agent-card.json`, cardFoundAt: 'base-path', agentName: 'Agent x' });
    expect(resolved.notes[0]).toBe(`Card found at the agent's base path: ${bareUrl}/agents/x/.well-known/agent-card.json.`);
    expect(declaredVersionsAt(resolved.card, 'JSONRPC', `${bareUrl}/agents/x/rpc`)).toEqual(['1.0', '0.3']);
    // With a trailing slash, the same card.
    expect((await resolveTarget(`${bareUrl}/agents/x/`, {}, net(5_000))).info.cardFoundAt).toBe('base-path');
  });

  it('without any card, the endpoint still runs and the note says what is skipped', async () => {
    const resolved = await resolveTarget(`${bareUrl}/rpc`, { binding: 'HTTP+JSON' }, net(5_000));
    expect(resolved.card).toBeUndefined();
    expect(resolved.interfaces[0]?.binding).toBe('HTTP+JSON');
    expect(resolved.notes[0]).toContain('No agent card');
  });

  it('a bare gRPC host:port becomes a plaintext loopback endpoint', async () => {
    const resolved = await resolveTarget('127.0.0.1:1', {}, net(1_000));
    expect(resolved.interfaces).toEqual([{ binding: 'GRPC', version: '1.0', url: 'http://127.0.0.1:1' }]);
  });

  it('refuses what is not a URL and card URLs that give no card', async () => {
    await expect(resolveTarget('not a url', {}, net(1_000))).rejects.toMatchObject({ code: 'bad-request' });
    await expect(resolveTarget('ftp://x/card.json', {}, net(1_000))).rejects.toMatchObject({ code: 'bad-request' });
    await expect(resolveTarget(`${bareUrl}/.well-known/agent-card.json`, {}, net(1_000))).rejects.toMatchObject({
      code: 'connect',
      message: expect.stringContaining('HTTP 404'),
    });
  });
});
