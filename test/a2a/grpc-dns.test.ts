import { describe, expect, it } from 'vitest';
import { performCall } from '../../electron/node/a2a/perform-call';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { Connections } from '../../electron/node/connections';

describe('gRPC to a host that does not resolve', () => {
  it('is reported as a DNS error, quickly, not as a generic unavailable channel', async () => {
    const connections = new Connections();
    const started = Date.now();
    const record = await performCall(
      { version: '1.0', binding: 'GRPC', endpoint: 'http://no-such-host.invalid:9998', method: 'GetTask', body: { id: 'x' } },
      { secrets: createMemorySecretStore(), environment: {}, now: () => Date.now(), connections },
    );
    connections.close();
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'dns' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
