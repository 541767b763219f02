import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { openCore } from '../../electron/node/core';
import { CoreError } from '../../electron/node/core-error';
import { createFileSecretStore, createMemorySecretStore } from '../../electron/node/secret-store';
import { resolveSecret } from '../../electron/node/a2a/auth-apply';
import { resolveCallAuth } from '../../electron/node/openapi/run-operation';
import { nodeSpecFs } from '../../electron/node/openapi/spec-fs';

const root = await mkdtemp(join(tmpdir(), 'powerduck-secrets-'));
let n = 0;
const freshFile = (): string => join(root, `case-${n++}`, 'secrets.json');

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const hostileNames = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];

describe('the file secret store', () => {
  it('keeps all of twenty concurrent secrets.set (and the file stays 0600 in a 0700 folder)', async () => {
    const home = join(root, `core-${n++}`);
    const core: Core = await openCore({ host: 'test', dataDir: home, environment: {} });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => core.dispatcher.invoke('secrets.set', { name: `token-${i}`, value: `value-${i}` })));
    expect(results.every((r) => r.ok)).toBe(true);
    const listed = await core.dispatcher.invoke('secrets.list', {});
    expect(listed.ok && listed.value.names).toEqual(Array.from({ length: 20 }, (_, i) => `token-${i}`).sort());
    expect(listed.ok && listed.value.storage).toBe('file-0600');
    for (let i = 0; i < 20; i++) expect(await core.env.secrets.get(`token-${i}`)).toBe(`value-${i}`);
    expect((await stat(core.env.dataDir.secretsFile)).mode & 0o777).toBe(0o600);
    expect((await readdir(home)).filter((f) => f.includes('powerduck-'))).toEqual([]);
  });

  it('keeps every write of two store instances on one file (two cores of one process)', async () => {
    const file = freshFile();
    const a = createFileSecretStore(file);
    const b = createFileSecretStore(file);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).set(`k${i}`, `v${i}`)));
    expect(await a.list()).toHaveLength(20);
    await Promise.all([a.delete('k0'), b.delete('k1'), a.set('k20', 'v20')]);
    expect((await b.list()).sort()).toEqual([...Array.from({ length: 18 }, (_, i) => `k${i + 2}`), 'k20'].sort());
  });

  it('two processes (as two `powerduck` runs) and this one setting ten secrets each at once: all thirty are kept', async () => {
    const home = join(root, `shared-home-${n++}`);
    const core: Core = await openCore({ host: 'test', dataDir: home, environment: {} });
    const children = ['a', 'b'].map((prefix) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'secret-writer-process.ts'), prefix, '10'], {
        env: { ...process.env, POWERDUCK_HOME: home },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const next = async (): Promise<string> => {
        const line = await lines.next();
        if (line.done) throw new Error(`writer ${prefix} ended: ${stderr}`);
        return line.value;
      };
      return { child, next };
    });
    try {
      // Both processes are up before anyone writes, so their writes overlap with ours.
      expect(await Promise.all(children.map((c) => c.next()))).toEqual(['ready', 'ready']);
      for (const c of children) c.child.stdin.write('go\n');
      const [mine, ...theirs] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, (_, i) => core.dispatcher.invoke('secrets.set', { name: `c-${i}`, value: `value-c-${i}` }))),
        ...children.map(async (c) => JSON.parse(await c.next()) as string[]),
      ]);
      expect(mine.every((r) => r.ok)).toBe(true);
      for (const answers of theirs) expect(answers).toEqual(Array.from({ length: 10 }, () => 'ok'));
      const names = ['a', 'b', 'c'].flatMap((p) => Array.from({ length: 10 }, (_, i) => `${p}-${i}`));
      const onDisk = JSON.parse(await readFile(core.env.dataDir.secretsFile, 'utf8')) as Record<string, string>;
      expect(Object.keys(onDisk).sort()).toEqual([...names].sort());
      for (const name of names) expect(onDisk[name]).toBe(`value-${name}`);
    } finally {
      for (const c of children) c.child.stdin.end();
    }
  }, 60_000);

  it('stores, lists, reads back and deletes prototype-named secrets as ordinary names', async () => {
    const file = freshFile();
    const store = createFileSecretStore(file);
    for (const name of hostileNames) {
      expect(await store.get(name)).toBeUndefined();
      await store.set(name, `value of ${name}`);
    }
    const again = createFileSecretStore(file);
    expect(await again.list()).toEqual([...hostileNames].sort());
    for (const name of hostileNames) expect(await again.get(name)).toBe(`value of ${name}`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toHaveProperty(['__proto__'], 'value of __proto__');
    expect(await again.delete('constructor')).toBe(true);
    expect(await again.delete('constructor')).toBe(false);
    expect(await again.get('constructor')).toBeUndefined();
    const memory = createMemorySecretStore();
    for (const name of hostileNames) expect(await memory.get(name)).toBeUndefined();
  });

  it('a secretRef naming an Object member that is not stored is a clear "no such secret" error', async () => {
    const secrets = createFileSecretStore(freshFile());
    const call = { version: '1.0' as const, binding: 'JSONRPC' as const, endpoint: 'http://127.0.0.1:9/rpc', method: 'SendMessage', body: {} };
    for (const name of ['constructor', 'toString', '__proto__']) {
      const error = await resolveCallAuth(
        { fs: nodeSpecFs, workspaceDir: root, secrets },
        { ...call, auth: { type: 'bearer', token: { secretRef: name } } },
        {},
        {},
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CoreError);
      expect((error as CoreError).code).toBe('not-found');
      expect((error as CoreError).message).toContain(`"${name}"`);
      expect((error as CoreError).message).not.toContain('function');
      // Nor from the environment fallback.
      const fromEnv = await resolveCallAuth(
        { fs: nodeSpecFs, workspaceDir: root, secrets },
        { ...call, auth: { type: 'bearer', token: { env: name } } },
        {},
        {},
      ).catch((e: unknown) => e);
      expect((fromEnv as CoreError).code).toBe('not-found');
      // The send path, with the real process environment (whose prototype has these names).
      for (const source of [{ secretRef: name }, { env: name }]) {
        const sent = await resolveSecret(source, { secrets, environment: process.env }, 'bearer token').catch((e: unknown) => e);
        expect((sent as CoreError).code, JSON.stringify(source)).toBe('not-found');
      }
    }
  });

  it('setIfAbsent claims a name once: concurrent claims of one name never overwrite each other', async () => {
    const store = createFileSecretStore(freshFile());
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.setIfAbsent('shared', `v${i}`)));
    expect(results.filter((r) => r === 'created')).toHaveLength(1);
    expect(results.filter((r) => r === 'taken')).toHaveLength(9);
    const winner = results.indexOf('created');
    expect(await store.get('shared')).toBe(`v${winner}`);
    expect(await store.setIfAbsent('shared', `v${winner}`)).toBe('same');
  });

  it('never rewrites a secrets file it cannot read', async () => {
    const file = freshFile();
    await createFileSecretStore(file).set('a', '1');
    await writeFile(file, '{"a": "1", broken');
    const error = await createFileSecretStore(file)
      .set('b', '2')
      .catch((e: unknown) => e);
    expect((error as CoreError).code).toBe('parse');
    expect(await readFile(file, 'utf8')).toBe('{"a": "1", broken');
  });

  it('says what protects the values: the memory store does not claim a file', async () => {
    expect(createMemorySecretStore().kind).toBe('memory');
    expect(createFileSecretStore(freshFile()).kind).toBe('file-0600');
    expect(createFileSecretStore(freshFile(), undefined, 'basic-text').kind).toBe('basic-text');
  });
});
