/**
 * The browser host in its own process, for `npm run bench -- host`: the parent reads this process's
 * RSS from /proc while it drives streams through it. Prints one JSON line with where it listens.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCore } from '../electron/node/core';
import { startWebHost } from '../electron/web/web-host';

const dataDir = process.argv[2] ?? (await mkdtemp(join(tmpdir(), 'powerduck-bench-host-')));
const staticDir = await mkdtemp(join(tmpdir(), 'powerduck-bench-static-'));
const core = await openCore({ host: 'web', dataDir, environment: {} });
const host = await startWebHost({ core, staticDir, port: 0 });
process.stdout.write(`${JSON.stringify({ origin: host.origin, token: host.token, port: host.port })}\n`);
process.on('message', (message) => {
  if (message === 'close')
    void host
      .close()
      .then(() => core.close())
      .then(() => process.exit(0));
});
