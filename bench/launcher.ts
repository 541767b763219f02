/**
 * The browser host as users start it, for the benches that measure it (host, ui): `npm run web` runs
 * `node scripts/start.mjs --web`, which imports the built dist/node/web.mjs into its own process. The
 * bundles are rebuilt first when stale (the freshness check scripts/start.mjs uses, so the launcher
 * itself then builds nothing), and the host's URL and token come from the line it prints for users.
 * The measured pid is checked to hold the host's listening socket: /proc figures of a wrapper process
 * would look plausible and mean nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface LaunchedHost {
  /** The process that runs the host's server (the launcher's own process: start.mjs imports the host). */
  pid: number;
  /** What the user opens: the origin with `#token=…`. */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/**
 * Rebuilds dist/node when scripts/start.mjs would, and the page whenever its sources changed (build.mjs
 * skips it when up to date; start.mjs only checks it exists, but a UI bench of an old page measures old code).
 */
export async function ensureBuilt(): Promise<void> {
  const { bundleIsFresh } = (await import(join(root, 'scripts/bundle-state.mjs'))) as { bundleIsFresh(dir: string): boolean };
  const only = ['--only', 'renderer', ...(bundleIsFresh('dist/node') ? [] : ['--only', 'node'])];
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), ...only], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`node scripts/build.mjs ${only.join(' ')} failed (${result.status ?? result.signal}): ${result.stdout}`);
  const said = result.stdout.trim();
  if (said && !/^renderer: up to date\b[^\n]*$/.test(said)) console.log(said);
  if (!bundleIsFresh('dist/node') || !existsSync(join(root, 'dist/renderer/index.html'))) throw new Error('dist/ is still stale after the build');
}

/** The inode of the socket listening on 127.0.0.1:`port`, from /proc/net/tcp. */
async function listeningInode(port: number): Promise<string | undefined> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const line of (await readFile('/proc/net/tcp', 'utf8')).split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // local_address is "0100007F:PORT" for 127.0.0.1; st 0A is LISTEN; the inode is the tenth field.
    if (fields[1] === `0100007F:${hexPort}` && fields[3] === '0A') return fields[9];
  }
  return undefined;
}

async function holdsSocket(pid: number, inode: string): Promise<boolean> {
  const fdDir = `/proc/${pid}/fd`;
  for (const fd of await readdir(fdDir)) {
    const target = await readlink(join(fdDir, fd)).catch(() => '');
    if (target === `socket:[${inode}]`) return true;
  }
  return false;
}

/** Starts `node scripts/start.mjs --web --port 0 --data-dir <temp>` and waits for the URL it prints. */
export async function launchWebHost(): Promise<LaunchedHost> {
  await ensureBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'powerduck-bench-host-'));
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--web', '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // the host's own handler closes the server and the core, as on Ctrl+C
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const onData = (chunk: Buffer): void => {
        out += chunk.toString();
        const match = /running at (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
        if (!match) return;
        // Keep draining stdout (discarded): a full pipe would block the host's writes.
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve(match[1] as string);
      };
      child.stdout.on('data', onData);
      child.once('exit', (code, signal) => reject(new Error(`the browser host exited (${code ?? signal}) before printing its URL: ${out}`)));
    });
    const parsed = new URL(url);
    const port = Number(parsed.port);
    const token = parsed.hash.slice('#token='.length);
    const pid = child.pid as number;
    const inode = await listeningInode(port);
    if (!inode || !(await holdsSocket(pid, inode)))
      throw new Error(`process ${pid} (node scripts/start.mjs) does not hold the socket listening on port ${port}`);
    return { pid, url, origin: parsed.origin, port, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}
