/**
 * Shared by the servergen tests and bench: a Node.js 22 runtime (this machine runs Node 20, the
 * generated project needs 22), `npm install` for a generated project, a small HTTP handler, and
 * the generated adapter started as its own process.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const TEST_TOKEN = 'servergen-test-token-0123456789-abcdefghij';

function nodeMajor(version: string): number {
  return Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
}

/**
 * Path of a Node 22+ binary: this one if it is new enough, else the `node@22` package from the npm
 * registry, installed once into the OS temp folder and reused by later runs.
 */
export async function ensureNode22(): Promise<string> {
  if (nodeMajor(process.version) >= 22) return process.execPath;
  const cacheDir = join(tmpdir(), 'powerduck-node22');
  const binary = (dir: string) => join(dir, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (await works(binary(cacheDir))) return binary(cacheDir);
  // Install beside the cache and rename, so concurrent runs never see a half-installed runtime.
  const staging = `${cacheDir}.${process.pid}.${randomBytes(3).toString('hex')}`;
  await mkdir(staging, { recursive: true });
  try {
    await run('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', 'node@22'], { cwd: staging, timeout: 240_000 });
    if (!(await works(binary(staging)))) throw new Error('the node@22 package installed no working binary');
    await rm(cacheDir, { recursive: true, force: true });
    await rename(staging, cacheDir).catch(async () => {
      // Another run won the race; its copy is as good as ours.
      await rm(staging, { recursive: true, force: true });
    });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return binary(cacheDir);
}

async function works(binary: string): Promise<boolean> {
  try {
    await access(binary);
    const { stdout } = await run(binary, ['--version'], { timeout: 20_000 });
    return nodeMajor(stdout.trim()) >= 22;
  } catch {
    return false;
  }
}

/** `npm install` in a generated project (registry only; the npm cache makes repeats fast). */
export async function npmInstall(projectDir: string): Promise<void> {
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: projectDir, timeout: 240_000 });
}

export interface HandlerServer {
  url: string;
  /** Bodies the handler received, in order. */
  received: unknown[];
  close(): Promise<void>;
}

function textOf(body: unknown): string {
  const parts = (body as { message?: { parts?: Array<{ text?: unknown }> } } | null)?.message?.parts;
  const first = Array.isArray(parts) ? parts[0]?.text : undefined;
  return typeof first === 'string' ? first : '';
}

/**
 * The adapter's HTTP handler. What it does is chosen by the message text, so one handler serves
 * every test: `empty` → a reply with no parts, `garbage` → a non-JSON body, `slow:<ms> …` → the
 * echo after a delay; anything else → `{role: ROLE_AGENT, parts: [{text: "echo: <text>"}]}`.
 */
export async function startHandler(options: { record?: boolean } = {}): Promise<HandlerServer> {
  const received: unknown[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (options.record !== false) received.push(body);
      const text = textOf(body);
      const slow = /^slow:(\d+)/.exec(text);
      if (slow) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Number(slow[1]));
          res.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      if (res.destroyed) return;
      if (text === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>definitely not a message</html>');
      } else if (text === 'empty') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ role: 'ROLE_AGENT', parts: [] }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ role: 'ROLE_AGENT', parts: [{ text: `echo: ${text}` }] }));
      }
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/handle`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface AdapterProcess {
  /** Base URL the adapter listens on. */
  url: string;
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Runs `node src/main.js` of a generated project with only the given variables (plus PATH). */
export function spawnAdapter(
  node: string,
  projectDir: string,
  env: Record<string, string>,
): { child: ChildProcess; output: { stdout: string; stderr: string }; exited: Promise<number | null> } {
  const child = spawn(node, ['src/main.js'], { cwd: projectDir, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (output.stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (output.stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

export async function startAdapter(node: string, projectDir: string, env: Record<string, string>): Promise<AdapterProcess> {
  const started = spawnAdapter(node, projectDir, { A2A_TOKEN: TEST_TOKEN, PORT: '0', ...env });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the adapter did not start: ${started.output.stderr}`)), 15_000);
    started.child.stdout?.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(started.output.stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void started.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the adapter exited with ${code}: ${started.output.stderr}`));
    });
  });
  return {
    ...started,
    url,
    stop: async () => {
      if (started.child.exitCode === null && started.child.signalCode === null) {
        started.child.kill('SIGKILL');
        await started.exited;
      }
    },
  };
}

/** A JSON-RPC call with raw fetch, for checks the SDK client would hide. */
export async function rpcCall(
  baseUrl: string,
  method: string,
  params: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${TEST_TOKEN}` },
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

export function userMessage(text: string): Record<string, unknown> {
  return { messageId: randomBytes(8).toString('hex'), role: 'ROLE_USER', parts: [{ text }] };
}
