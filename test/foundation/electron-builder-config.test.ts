import { FuseV1Options } from '@electron/fuses';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// electron-builder's own loader and schema check (the packages the `electron-builder` devDependency runs), so the
// file is judged by the version that packages it rather than by our reading of its documentation.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util/out/DebugLogger.js';

// The packaged app's hardening lives in electron-builder.yml; nothing else would notice a fuse flipped back.
describe('electron-builder.yml', () => {
  const config = parse(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;

  it('flips the fuses that close Node-level entry points and pin the app to its checked asar', () => {
    expect(config['electronFuses']).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
    expect(config['asar']).toBe(true);
  });

  it('decides every fuse Electron has (as @electron/fuses lists them), so a new one cannot stay at its default unseen', () => {
    const decided = Object.keys(config['electronFuses'] as Record<string, unknown>);
    const fuses = Object.keys(FuseV1Options).filter((name) => Number.isNaN(Number(name)));
    expect(fuses.length).toBeGreaterThan(6);
    expect(fuses.map((name) => name[0]?.toLowerCase() + name.slice(1)).filter((key) => !decided.includes(key))).toEqual([]);
  });

  it('packages the bundles and the data files the core reads at run time', () => {
    expect(config['files']).toEqual(expect.arrayContaining(['dist/electron/**', 'dist/renderer/**', 'proto/**', 'electron/node/servergen/template/**']));
  });

  it('is accepted by the electron-builder that packages it, which rejects a fuse it does not know', async () => {
    const loaded = await getConfig(process.cwd(), 'electron-builder.yml', null);
    await expect(validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined();
    const misspelt = { ...loaded, electronFuses: { ...loaded.electronFuses, runAsNodee: false } };
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  });
});
