import { access, chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { A2aCall } from '../../../shared/a2a/call';
import { CoreError } from '../core-error';
import { createMemorySecretStore } from '../secret-store';
import type { SecretStore } from '../secret-store';
import { createSpec, deleteOperation, importCard, renameOperation, saveOperation } from './spec-operations';
import type { SpecContext } from './spec-store';
import { listWorkspace, openSpec, validateSpecFile } from './spec-workspace';
import type { SpecFs } from './spec-fs';
import { nodeSpecFs } from './spec-fs';

const TOKEN = 'bearer-7Qx2-never-on-disk-91c4';
const root = await mkdtemp(join(tmpdir(), 'powerduck-spec-'));
let dir: string;
let secrets: SecretStore;
let ctx: SpecContext;
let n = 0;

beforeEach(async () => {
  dir = join(root, `case-${n++}`);
  await mkdir(dir, { recursive: true });
  secrets = createMemorySecretStore();
  ctx = { fs: nodeSpecFs, workspaceDir: dir, secrets };
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const sendCall = (over: Partial<A2aCall> = {}): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: 'http://127.0.0.1:9/rpc',
  method: 'SendMessage',
  body: { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
  ...over,
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CoreError) return error.code;
    throw error;
  }
  return 'ok';
}

async function tempFiles(): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.includes('powerduck-tmp'));
}

describe('saving', () => {
  it('creates a valid OpenAPI 3.2 file, then updates it', async () => {
    const first = await saveOperation(ctx, { file: 'w.yaml', path: '/agents/a/send', expectedHash: null, call: sendCall(), summary: 'Send' }, 'save');
    expect(first.created).toBe(true);
    expect(first.operations.map((o) => o.path)).toEqual(['/agents/a/send']);
    expect(await validateSpecFile(ctx, 'w.yaml')).toMatchObject({ valid: true, problems: [] });
    const second = await saveOperation(
      ctx,
      { file: 'w.yaml', path: '/agents/a/send', expectedHash: first.hash, call: sendCall({ endpoint: 'http://127.0.0.1:10/rpc' }) },
      'save',
    );
    expect(second.created).toBe(false);
    expect(second.operations[0]?.a2a?.endpoint).toBe('http://127.0.0.1:10/rpc');
    // The summary was kept: the second draft did not name one.
    expect(second.operations[0]?.summary).toBe('Send');
    expect(await tempFiles()).toEqual([]);
  });

  it('never writes a bearer token: the literal goes to the secret store and the file gets a reference', async () => {
    const saved = await saveOperation(
      ctx,
      {
        file: 'w.yaml',
        path: '/agents/a/send',
        expectedHash: null,
        call: sendCall({ auth: { type: 'bearer', token: { value: TOKEN } } }),
        secretName: 'agent-a',
      },
      'save',
    );
    expect(saved.storedSecret).toBe('agent-a');
    expect(await secrets.get('agent-a')).toBe(TOKEN);
    const bytes = await readFile(join(dir, 'w.yaml'));
    expect(bytes.includes(Buffer.from(TOKEN))).toBe(false);
    expect(bytes.toString()).toContain('secretRef: agent-a');
    expect(saved.operations[0]?.a2a?.auth).toEqual({ scheme: 'bearer', secretRef: 'agent-a' });
  });

  it('refuses a request that carries the token anywhere else, and leaves no secret behind', async () => {
    const call = sendCall({
      auth: { type: 'bearer', token: { value: TOKEN } },
      body: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: `my token is ${TOKEN}` }] } },
    });
    expect(await codeOf(saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call }, 'save'))).toBe('bad-request');
    expect(await secrets.list()).toEqual([]);
    await expect(access(join(dir, 'w.yaml'))).rejects.toThrow();
  });

  it('does not overwrite a different secret of the same derived name', async () => {
    await secrets.set('spec-w-a', 'someone-else-value');
    const saved = await saveOperation(
      ctx,
      { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall({ auth: { type: 'bearer', token: { value: TOKEN } } }) },
      'save',
    );
    expect(saved.storedSecret).toBe('spec-w-a-2');
    expect(await secrets.get('spec-w-a')).toBe('someone-else-value');
  });

  it('save-as refuses an existing path; save never clobbers a non-A2A operation', async () => {
    const first = await saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    expect(await codeOf(saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: first.hash, call: sendCall() }, 'saveAs'))).toBe('conflict');
    await writeFile(join(dir, 'p.yaml'), 'openapi: 3.2.0\ninfo: {title: P, version: "1"}\npaths:\n  /pets:\n    post:\n      summary: plain\n');
    const opened = await openSpec(ctx, 'p.yaml');
    expect(await codeOf(saveOperation(ctx, { file: 'p.yaml', path: '/pets', expectedHash: opened.hash, call: sendCall() }, 'save'))).toBe('conflict');
  });

  it('refuses files that are not OpenAPI 3.2', async () => {
    await writeFile(join(dir, 'old.yaml'), 'openapi: 3.1.0\ninfo: {title: O, version: "1"}\npaths: {}\n');
    const opened = await openSpec(ctx, 'old.yaml');
    expect(await codeOf(saveOperation(ctx, { file: 'old.yaml', path: '/a', expectedHash: opened.hash, call: sendCall() }, 'save'))).toBe('unsupported');
  });

  it('refuses drafts it cannot save', async () => {
    expect(await codeOf(saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall({ method: 'NoSuch' }) }, 'save'))).toBe(
      'bad-request',
    );
    expect(await codeOf(saveOperation(ctx, { file: 'w.yaml', path: 'no-slash', expectedHash: null, call: sendCall() }, 'save'))).toBe('bad-request');
    expect(await codeOf(saveOperation(ctx, { file: 'w.txt', path: '/a', expectedHash: null, call: sendCall() }, 'save'))).toBe('bad-request');
    // Off the wire a summary can be anything: a number is refused by name, and nothing is written.
    const wire = { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall(), summary: 42 } as unknown as Parameters<typeof saveOperation>[1];
    await expect(saveOperation(ctx, wire, 'save')).rejects.toMatchObject({ code: 'bad-request', message: 'The summary must be text (got number).' });
    await expect(readFile(join(dir, 'w.yaml'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('conflicts and corruption: the original is intact every time', () => {
  it('refuses a save of an operation that changed on disk since open; one that touches another operation lands on top', async () => {
    const first = await saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    const original = await readFile(join(dir, 'w.yaml'), 'utf8');
    // Another editor changes /a (and adds a comment).
    const theirs = `${original.replace('http://127.0.0.1:9/rpc', 'http://127.0.0.1:8/rpc')}# edited in another editor\n`;
    await writeFile(join(dir, 'w.yaml'), theirs);
    expect(
      await codeOf(
        saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: first.hash, call: sendCall({ endpoint: 'http://127.0.0.1:7/rpc' }) }, 'save'),
      ),
    ).toBe('conflict');
    expect(await codeOf(deleteOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: first.hash }))).toBe('conflict');
    expect(await codeOf(renameOperation(ctx, { file: 'w.yaml', path: '/a', newPath: '/c', expectedHash: first.hash }))).toBe('conflict');
    expect(await readFile(join(dir, 'w.yaml'), 'utf8')).toBe(theirs);
    // /b was not touched by the other editor: the save lands and keeps their change and comment.
    await saveOperation(ctx, { file: 'w.yaml', path: '/b', expectedHash: first.hash, call: sendCall() }, 'save');
    const merged = await readFile(join(dir, 'w.yaml'), 'utf8');
    expect(merged).toContain('# edited in another editor');
    expect(merged).toContain('http://127.0.0.1:8/rpc');
    expect(merged).toContain('/b:');
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses when the base version is unknown to this process (nobody can tell what changed)', async () => {
    await saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    expect(await codeOf(saveOperation(ctx, { file: 'w.yaml', path: '/b', expectedHash: 'f'.repeat(64), call: sendCall() }, 'save'))).toBe('conflict');
  });

  it('create refuses an existing file; a save meant for a new file merges into one created meanwhile; a deleted file is a conflict', async () => {
    await createSpec(ctx, 'w.yaml');
    expect(await codeOf(createSpec(ctx, 'w.yaml'))).toBe('conflict');
    const merged = await saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    expect(merged.created).toBe(false);
    // The same operation from "no file" again: it exists now, so this one is the later writer.
    expect(await codeOf(saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save'))).toBe('conflict');
    expect(await codeOf(saveOperation(ctx, { file: 'gone.yaml', path: '/a', expectedHash: 'abc', call: sendCall() }, 'save'))).toBe('conflict');
  });

  it('never overwrites a file truncated mid-way (it does not parse)', async () => {
    const first = await saveOperation(ctx, { file: 'w.json', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    const full = await readFile(join(dir, 'w.json'), 'utf8');
    const truncated = full.slice(0, Math.floor(full.length / 2));
    await writeFile(join(dir, 'w.json'), truncated);
    const opened = await openSpec(ctx, 'w.json');
    expect(opened.parseError).toBeDefined();
    expect(await codeOf(saveOperation(ctx, { file: 'w.json', path: '/b', expectedHash: opened.hash, call: sendCall() }, 'save'))).toBe('parse');
    expect(await codeOf(saveOperation(ctx, { file: 'w.json', path: '/b', expectedHash: first.hash, call: sendCall() }, 'save'))).toBe('parse');
    expect(await readFile(join(dir, 'w.json'), 'utf8')).toBe(truncated);
    const yamlCut = 'openapi: 3.2.0\ninfo:\n  title: "cut he';
    await writeFile(join(dir, 'cut.yaml'), yamlCut);
    const cut = await openSpec(ctx, 'cut.yaml');
    expect(cut.parseError?.line).toBe(3);
    expect(await codeOf(saveOperation(ctx, { file: 'cut.yaml', path: '/b', expectedHash: cut.hash, call: sendCall() }, 'save'))).toBe('parse');
    expect(await readFile(join(dir, 'cut.yaml'), 'utf8')).toBe(yamlCut);
  });

  it('refuses a read-only file', async () => {
    const first = await saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    const before = await readFile(join(dir, 'w.yaml'), 'utf8');
    await chmod(join(dir, 'w.yaml'), 0o444);
    // Root ignores file modes; the seam reports what a normal user would see.
    const readOnly: SpecFs = { ...nodeSpecFs, checkWritable: async () => Promise.reject(Object.assign(new Error('EACCES'), { code: 'EACCES' })) };
    const rctx = process.getuid?.() === 0 ? { ...ctx, fs: readOnly } : ctx;
    expect(await codeOf(saveOperation(rctx, { file: 'w.yaml', path: '/b', expectedHash: first.hash, call: sendCall() }, 'save'))).toBe('io');
    expect(await readFile(join(dir, 'w.yaml'), 'utf8')).toBe(before);
    await chmod(join(dir, 'w.yaml'), 0o644);
  });

  for (const step of ['writeFile', 'sync', 'rename'] as const) {
    it(`leaves the original intact when the disk fails at ${step} (after the temp file exists)`, async () => {
      const first = await saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
      const before = await readFile(join(dir, 'w.yaml'), 'utf8');
      const enospc = (): Promise<never> => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
      const failing: SpecFs = {
        ...nodeSpecFs,
        open: async (file, flags, mode) => {
          const handle = await nodeSpecFs.open(file, flags, mode);
          if (!file.includes('powerduck-tmp')) return handle;
          return {
            writeFile:
              step === 'writeFile'
                ? async (data) => {
                    await handle.writeFile(String(data).slice(0, 10));
                    return enospc();
                  }
                : (data) => handle.writeFile(data),
            sync: step === 'sync' ? enospc : () => handle.sync(),
            chmod: (mode) => handle.chmod(mode),
            close: () => handle.close(),
          };
        },
        rename: step === 'rename' ? enospc : nodeSpecFs.rename,
      };
      const error = await saveOperation({ ...ctx, fs: failing }, { file: 'w.yaml', path: '/b', expectedHash: first.hash, call: sendCall() }, 'save').catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CoreError);
      expect((error as CoreError).code).toBe('io');
      expect((error as CoreError).message).toContain('disk is full');
      expect(await readFile(join(dir, 'w.yaml'), 'utf8')).toBe(before);
      expect(await tempFiles()).toEqual([]);
    });
  }

  it('refuses when someone writes the file while Powerduck is saving', async () => {
    const first = await saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    const theirs = 'openapi: 3.2.0\ninfo: {title: theirs, version: "1"}\npaths: {}\n';
    const racing: SpecFs = {
      ...nodeSpecFs,
      rename: async (from, to) => {
        await writeFile(to, theirs);
        return nodeSpecFs.rename(from, to);
      },
      open: async (file, flags, mode) => {
        const handle = await nodeSpecFs.open(file, flags, mode);
        if (!file.includes('powerduck-tmp')) return handle;
        return {
          writeFile: (d) => handle.writeFile(d),
          chmod: (m) => handle.chmod(m),
          close: () => handle.close(),
          sync: async () => {
            await handle.sync();
            await writeFile(join(dir, 'w.yaml'), theirs);
          },
        };
      },
    };
    expect(await codeOf(saveOperation({ ...ctx, fs: racing }, { file: 'w.yaml', path: '/b', expectedHash: first.hash, call: sendCall() }, 'save'))).toBe(
      'conflict',
    );
    expect(await readFile(join(dir, 'w.yaml'), 'utf8')).toBe(theirs);
    expect(await tempFiles()).toEqual([]);
  });

  it('writes through a symlink to its target and keeps the file mode', async () => {
    const first = await saveOperation(ctx, { file: 'real.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    await chmod(join(dir, 'real.yaml'), 0o600);
    await symlink(join(dir, 'real.yaml'), join(dir, 'link.yaml'));
    await saveOperation(ctx, { file: 'link.yaml', path: '/b', expectedHash: first.hash, call: sendCall() }, 'save');
    const text = await readFile(join(dir, 'real.yaml'), 'utf8');
    expect(text).toContain('/b:');
    const { lstat, stat } = await import('node:fs/promises');
    expect((await lstat(join(dir, 'link.yaml'))).isSymbolicLink()).toBe(true);
    expect((await stat(join(dir, 'real.yaml'))).mode & 0o777).toBe(0o600);
  });
});

describe('rename, delete, list, import', () => {
  it('renames and deletes operations', async () => {
    let r = await saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    r = await saveOperation(ctx, { file: 'w.yaml', path: '/b', expectedHash: r.hash, call: sendCall() }, 'save');
    expect(await codeOf(renameOperation(ctx, { file: 'w.yaml', path: '/a', newPath: '/b', expectedHash: r.hash }))).toBe('conflict');
    r = await renameOperation(ctx, { file: 'w.yaml', path: '/a', newPath: '/agents/renamed', expectedHash: r.hash });
    expect(r.operations.map((o) => o.path)).toEqual(['/agents/renamed', '/b']);
    r = await deleteOperation(ctx, { file: 'w.yaml', path: '/b', expectedHash: r.hash });
    expect(r.operations.map((o) => o.path)).toEqual(['/agents/renamed']);
    expect(await codeOf(deleteOperation(ctx, { file: 'w.yaml', path: '/b', expectedHash: r.hash }))).toBe('not-found');
  });

  it('lists the workspace: spec files with their operations, broken ones with their error, other JSON skipped', async () => {
    await saveOperation(ctx, { file: 'one.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
    await saveOperation(ctx, { file: 'nested/two.json', path: '/b', expectedHash: null, call: sendCall() }, 'save');
    await writeFile(join(dir, 'package.json'), '{"name":"x"}');
    await writeFile(join(dir, 'broken.yaml'), 'openapi: 3.2.0\npaths: [\n');
    const listed = await listWorkspace(ctx);
    expect(listed.files.map((f) => [f.name, f.operations.length, Boolean(f.parseError)])).toEqual([
      ['broken.yaml', 0, true],
      ['nested/two.json', 1, false],
      ['one.yaml', 1, false],
    ]);
  });

  it('imports operations from an Agent Card', async () => {
    const card = {
      name: 'Sum Agent',
      description: 'adds',
      version: '1',
      supportedInterfaces: [{ url: 'http://127.0.0.1:9/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      capabilities: { streaming: true },
      defaultInputModes: [],
      defaultOutputModes: [],
      skills: [],
    };
    const result = await importCard(ctx, {
      file: 'cards.yaml',
      expectedHash: null,
      card,
      cardUrl: 'http://127.0.0.1:9/.well-known/agent-card.json',
      picks: [{ interfaceIndex: 0, methods: ['SendMessage', 'SendStreamingMessage'] }],
      snapshot: true,
    });
    expect(result.added).toEqual(['/agents/sum-agent/jsonrpc/send-message', '/agents/sum-agent/jsonrpc/send-streaming-message']);
    expect(
      result.operations.every((o) => o.a2a?.agentCardUrl === 'http://127.0.0.1:9/.well-known/agent-card.json' && o.a2a.agentCard?.['name'] === 'Sum Agent'),
    ).toBe(true);
    expect(await validateSpecFile(ctx, 'cards.yaml')).toMatchObject({ valid: true });
  });
});

describe('credentials in URLs never reach the file', () => {
  const leaky = [
    'http://bob:PASSWORD-31337@127.0.0.1:9/rpc',
    'http://127.0.0.1:9/rpc?access_token=TOKEN-31337',
    'http://127.0.0.1:9/rpc?x=1&API_KEY=TOKEN-31337',
    'http://127.0.0.1:9/rpc?Sig=TOKEN-31337',
    'http://127.0.0.1:9/rpc#token=TOKEN-31337',
  ];
  for (const endpoint of leaky) {
    it(`refuses ${endpoint.replace(/TOKEN-31337|PASSWORD-31337/, '…')} with credential-in-url and writes nothing`, async () => {
      const first = await saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall() }, 'save');
      const before = await readFile(join(dir, 'w.yaml'), 'utf8');
      const error = await saveOperation(ctx, { file: 'w.yaml', path: '/b', expectedHash: first.hash, call: sendCall({ endpoint }) }, 'save').catch(
        (e: unknown) => e,
      );
      expect((error as CoreError).code).toBe('credential-in-url');
      expect((error as CoreError).message).toContain('Auth');
      expect((error as CoreError).message).not.toMatch(/TOKEN-31337|PASSWORD-31337/);
      expect(await codeOf(saveOperation(ctx, { file: 'w.yaml', path: '/a', expectedHash: first.hash, call: sendCall({ endpoint }) }, 'saveAs'))).toBe(
        'credential-in-url',
      );
      expect(await readFile(join(dir, 'w.yaml'), 'utf8')).toBe(before);
      expect(await codeOf(saveOperation(ctx, { file: 'new.yaml', path: '/a', expectedHash: null, call: sendCall({ endpoint }) }, 'save'))).toBe(
        'credential-in-url',
      );
      await expect(access(join(dir, 'new.yaml'))).rejects.toMatchObject({ code: 'ENOENT' });
    });
  }

  it('refuses an Agent Card URL with a key, and a card whose interface URL carries one', async () => {
    expect(
      await codeOf(
        saveOperation(
          ctx,
          { file: 'w.yaml', path: '/a', expectedHash: null, call: sendCall(), agentCardUrl: 'https://h/.well-known/agent-card.json?key=K' },
          'save',
        ),
      ),
    ).toBe('credential-in-url');
    const card = {
      name: 'Leaky',
      description: 'd',
      version: '1',
      supportedInterfaces: [{ url: 'http://127.0.0.1:9/rpc?apikey=K', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      capabilities: {},
      defaultInputModes: [],
      defaultOutputModes: [],
      skills: [],
    };
    expect(
      await codeOf(
        importCard(ctx, {
          file: 'cards.yaml',
          expectedHash: null,
          card,
          cardUrl: 'http://127.0.0.1:9/.well-known/agent-card.json',
          picks: [{ interfaceIndex: 0, methods: ['SendMessage'] }],
        }),
      ),
    ).toBe('credential-in-url');
  });
});

describe('prototype-named keys in spec documents are ordinary keys', () => {
  const hostile = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];
  const schemaProps = Object.fromEntries(hostile.map((k, i) => [k, { type: 'string', description: `prop ${i}` }]));

  for (const format of ['yaml', 'json'] as const) {
    it(`loads, saves, renames and deletes around them (${format})`, async () => {
      const doc = JSON.parse(
        JSON.stringify({
          openapi: '3.2.0',
          info: { title: 'Hostile', version: '1', 'x-constructor': 'c' },
          paths: {
            '/constructor': { get: { responses: { '200': { description: 'ok' } }, 'x-toString': { __proto__: { polluted: true } } } },
            '/__proto__': { get: { responses: { '200': { description: 'ok' } } } },
          },
          components: { schemas: { ...Object.fromEntries(hostile.map((k) => [k, { type: 'object' }])), Hostile: { type: 'object', properties: schemaProps } } },
        }),
      ) as Record<string, unknown>;
      // JSON.stringify of a literal drops __proto__ members; put them back as own keys.
      const text =
        format === 'json'
          ? JSON.stringify(doc, null, 2).replace('"x-toString": {}', '"x-toString": {"__proto__": {"polluted": true}}')
          : (await import('yaml')).stringify(doc).replace('x-toString: {}', 'x-toString:\n          __proto__:\n            polluted: true');
      await writeFile(join(dir, `h.${format}`), text);
      const opened = await openSpec(ctx, `h.${format}`);
      expect(opened.parseError).toBeUndefined();
      expect(opened.operations.map((o) => `${o.httpMethod} ${o.path}`).sort()).toEqual(['get /__proto__', 'get /constructor']);
      let r = await saveOperation(ctx, { file: `h.${format}`, path: '/agents/a', expectedHash: opened.hash, call: sendCall() }, 'save');
      r = await renameOperation(ctx, { file: `h.${format}`, path: '/agents/a', newPath: '/toString', expectedHash: r.hash });
      r = await saveOperation(ctx, { file: `h.${format}`, path: '/valueOf', expectedHash: r.hash, call: sendCall() }, 'save');
      r = await deleteOperation(ctx, { file: `h.${format}`, path: '/valueOf', expectedHash: r.hash });
      expect(r.operations.map((o) => o.path).sort()).toEqual(['/__proto__', '/constructor', '/toString']);
      const after = await readFile(join(dir, `h.${format}`), 'utf8');
      // Everything that was there is still there, byte for byte.
      for (const line of text.split('\n').filter((l) => l.includes('__proto__') || l.includes('constructor') || l.includes('polluted')))
        expect(after).toContain(line);
      const reread = (format === 'json' ? JSON.parse(after) : (await import('yaml')).parse(after)) as { components: { schemas: Record<string, unknown> } };
      expect(Object.keys(reread.components.schemas)).toEqual(expect.arrayContaining(hostile));
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });
  }
});
