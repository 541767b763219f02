/**
 * A saved OAuth 2.0 operation saved again with another auth: the `security` requirement Powerduck
 * placed goes (the file no longer says the operation needs OAuth tokens), requirements the user wrote
 * stay, the scheme entry stays (other operations may use it), and nothing else in the file moves.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthConfig } from '../../../shared/a2a/auth';
import type { A2aCall } from '../../../shared/a2a/call';
import { createMemorySecretStore } from '../secret-store';
import { saveOperation } from './spec-operations';
import { nodeSpecFs } from './spec-fs';
import { loadModel, openSpec } from './spec-workspace';

const root = await mkdtemp(join(tmpdir(), 'powerduck-oauth-switch-'));
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const oauth: AuthConfig = {
  type: 'oauth2',
  flow: 'clientCredentials',
  endpoints: { from: 'manual', tokenUrl: 'https://issuer.example/token' },
  clientId: 'agent-client',
  clientSecret: { secretRef: 'agent-client-secret' },
  scopes: ['agent:read'],
};
const bearer: AuthConfig = { type: 'bearer', token: { secretRef: 'agent-token' } };
const call = (auth: AuthConfig): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: 'https://agent.example/rpc',
  method: 'SendMessage',
  body: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
  auth,
});

async function save(dir: string, file: string, auth: AuthConfig): Promise<void> {
  const ctx = { fs: nodeSpecFs, workspaceDir: dir, secrets: createMemorySecretStore() };
  const opened = await openSpec(ctx, file).catch(() => undefined);
  await saveOperation(ctx, { file, path: '/agent/send', expectedHash: opened?.hash ?? null, call: call(auth) }, 'save');
}

async function operationOf(dir: string, file: string): Promise<Record<string, unknown>> {
  const ctx = { fs: nodeSpecFs, workspaceDir: dir, secrets: createMemorySecretStore() };
  const { model } = await loadModel(ctx, file);
  return (model as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths['/agent/send']?.['post'] as Record<string, unknown>;
}

describe('switching a saved operation from OAuth 2.0 to another auth', () => {
  for (const file of ['agent.yaml', 'agent.json']) {
    it(`takes out the requirement it placed, keeps the scheme and the rest of the file (${file})`, async () => {
      const dir = await mkdtemp(join(root, 'case-'));
      await save(dir, file, oauth);
      const withOAuth = await operationOf(dir, file);
      expect(withOAuth['security']).toEqual([{ oauth2: ['agent:read'] }]);
      if (file.endsWith('.yaml')) {
        // A comment the user wrote elsewhere must survive the second save.
        const text = await readFile(join(dir, file), 'utf8');
        await writeFile(join(dir, file), text.replace('paths:', '# my agents\npaths:'));
      }
      await save(dir, file, bearer);
      const after = await operationOf(dir, file);
      expect(after).not.toHaveProperty('security');
      expect((after['x-a2a'] as { auth: unknown }).auth).toEqual({ scheme: 'bearer', secretRef: 'agent-token' });
      const text = await readFile(join(dir, file), 'utf8');
      expect(text).toContain('tokenUrl'); // the scheme entry is still there
      if (file.endsWith('.yaml')) expect(text).toContain('# my agents\npaths:');
    });
  }

  it('keeps the requirements the user wrote beside it', async () => {
    const dir = await mkdtemp(join(root, 'case-'));
    await save(dir, 'agent.yaml', oauth);
    const text = await readFile(join(dir, 'agent.yaml'), 'utf8');
    await writeFile(join(dir, 'agent.yaml'), text.replace(/( +)- oauth2:\n(\1 +- agent:read\n)/, '$1- oauth2:\n$2$1- mtls: []\n'));
    expect((await operationOf(dir, 'agent.yaml'))['security']).toEqual([{ oauth2: ['agent:read'] }, { mtls: [] }]);
    await save(dir, 'agent.yaml', bearer);
    expect((await operationOf(dir, 'agent.yaml'))['security']).toEqual([{ mtls: [] }]);
  });
});
