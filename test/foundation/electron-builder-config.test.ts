import { FuseV1Options } from '@electron/fuses';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

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
});
