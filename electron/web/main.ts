import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from '../cli/args';
import { openCore } from '../node/core';
import { startWebHost } from './web-host';

const usage =
  'Usage: powerduck-web [--port N] [--open] [--data-dir DIR] [--allow-stdio]\n  --allow-stdio  let pages start MCP stdio servers (processes on this machine); off by default';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { values: ['port', 'data-dir'], flags: ['open', 'help', 'allow-stdio'] });
  if (args.flags.has('help')) {
    console.log(usage);
    return;
  }
  const port = Number(args.options.get('port') ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got ${args.options.get('port')}`);
  const staticDir = fileURLToPath(new URL('../../dist/renderer', import.meta.url));
  if (!existsSync(staticDir)) throw new Error('The renderer is not built: run `npm run build` first.');
  const core = await openCore({ host: 'web', dataDir: args.options.get('data-dir'), allowStdio: args.flags.has('allow-stdio') });
  const host = await startWebHost({ core, staticDir, port });
  // Handlers first: whoever reads the URL may stop the host at once (Ctrl+C, a test, a process manager),
  // and a signal that arrives before them would kill the host without closing it.
  const stop = (): void => {
    void host
      .close()
      .then(() => core.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`Powerduck is running at ${host.url}`);
  console.log(`Data: ${core.env.dataDir.root} (secrets in a 0600 file there: the browser host has no OS keychain).`);
  console.log('Loopback only; the token in the URL is required for every call. Press Ctrl+C to stop.');
  // The URL is out: now load what the core loads on first use (specs, gRPC, MCP, …), so the first click does not wait.
  void core.warm();
  if (args.flags.has('open')) {
    if (existsSync('/usr/bin/chromium')) spawn('/usr/bin/chromium', [host.url], { detached: true, stdio: 'ignore' }).unref();
    else console.log('--open: Chromium was not found at /usr/bin/chromium; open the URL above yourself.');
  }
}

main().catch((error: unknown) => {
  console.error(`powerduck-web: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
