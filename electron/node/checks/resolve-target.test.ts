import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokenAgent, type BrokenAgent } from '../../../test/checks/broken-agent';
import { registryMismatches } from './check-registry';
import { resolveTarget } from './resolve-target';

let agent: BrokenAgent;
let bare: Server;
let bareUrl: string;

beforeAll(async () => {
  agent = await startBrokenAgent();
  // An HTTP server with no card at all.
  bare = createServer((_req, res) => res.writeHead(404).end('nothing here'));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await agent?.close();
  await new Promise<void>((resolve) => bare.close(() => resolve()));
});

describe('check registry', () => {
  it('has exactly one probe per catalogue entry', () => {
    expect(registryMismatches()).toEqual([]);
  });
});

describe('resolveTarget', () => {
  it('a card URL gives the card\'s interfaces, filtered by the user\'s choice', async () => {
    const all = await resolveTarget(agent.cardUrl, {}, 5_000);
    expect(all.interfaces.map((i) => i.binding)).toEqual(['JSONRPC', 'HTTP+JSON']);
    expect(all.info).toMatchObject({ input: agent.cardUrl, cardUrl: agent.cardUrl, agentName: 'Broken agent' });
    const rest = await resolveTarget(agent.cardUrl, { binding: 'HTTP+JSON' }, 5_000);
    expect(rest.interfaces).toEqual([{ binding: 'HTTP+JSON', version: '1.0', url: agent.restUrl }]);
    await expect(resolveTarget(agent.cardUrl, { version: '0.3' }, 5_000)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('an agent base URL uses its well-known card', async () => {
    const resolved = await resolveTarget(agent.baseUrl, {}, 5_000);
    expect(resolved.info.cardUrl).toBe(agent.cardUrl);
    expect(resolved.card?.capabilities.streaming).toBe(true);
  });

  it('an endpoint is checked as given; the card at its origin supplies capabilities', async () => {
    const resolved = await resolveTarget(agent.rpcUrl, {}, 5_000);
    expect(resolved.interfaces).toEqual([{ binding: 'JSONRPC', version: '1.0', url: agent.rpcUrl }]);
    expect(resolved.card?.capabilities).toMatchObject({ streaming: true });
    expect(resolved.notes[0]).toContain('Capabilities read from');
  });

  it('without any card, the endpoint still runs and the note says what is skipped', async () => {
    const resolved = await resolveTarget(`${bareUrl}/rpc`, { binding: 'HTTP+JSON' }, 5_000);
    expect(resolved.card).toBeUndefined();
    expect(resolved.interfaces[0]?.binding).toBe('HTTP+JSON');
    expect(resolved.notes[0]).toContain('No agent card');
  });

  it('a bare gRPC host:port becomes a plaintext loopback endpoint', async () => {
    const resolved = await resolveTarget('127.0.0.1:1', {}, 1_000);
    expect(resolved.interfaces).toEqual([{ binding: 'GRPC', version: '1.0', url: 'http://127.0.0.1:1' }]);
  });

  it('refuses what is not a URL and card URLs that give no card', async () => {
    await expect(resolveTarget('not a url', {}, 1_000)).rejects.toMatchObject({ code: 'bad-request' });
    await expect(resolveTarget('ftp://x/card.json', {}, 1_000)).rejects.toMatchObject({ code: 'bad-request' });
    await expect(resolveTarget(`${bareUrl}/.well-known/agent-card.json`, {}, 1_000)).rejects.toMatchObject({ code: 'connect', message: expect.stringContaining('HTTP 404') });
  });
});
