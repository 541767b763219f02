import { beforeEach, describe, expect, it } from 'vitest';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import { createFakeHost } from '../../host/fake-host';
import { baseHashFor, freePath, saveOperation } from './spec-save';
import { onlyOwnWritesSince, recordOwnWrite, useSpecsStore } from './specs-store';

function info(file: string, hash: string, paths: string[] = []): SpecFileInfo {
  return {
    file,
    name: file.split('/').pop() ?? file,
    format: 'yaml',
    hash,
    mtimeMs: 0,
    sizeBytes: 1,
    operations: paths.map((path) => ({ path, httpMethod: 'post', kind: 'a2a' })),
  };
}

const call = { version: '1.0' as const, binding: 'JSONRPC' as const, endpoint: 'http://a/rpc', method: 'SendMessage', body: {} };

describe('saving to spec files without losing anyone’s edits', () => {
  beforeEach(() => {
    useSpecsStore.setState({ files: [], links: {} });
  });

  it('bases a linked tab on the version it read, and a new tab on the listed version', () => {
    useSpecsStore.setState({ files: [info('/w/a.yaml', 'h2')] });
    expect(baseHashFor('tab-new', '/w/a.yaml')).toBe('h2');
    useSpecsStore.getState().setLink('tab-1', { file: '/w/a.yaml', path: '/x', hash: 'h1' });
    // h1 → h2 was not written here: someone else changed the file, so the save must conflict.
    expect(baseHashFor('tab-1', '/w/a.yaml')).toBe('h1');
    expect(baseHashFor('tab-1', '/w/missing.yaml')).toBeNull();
  });

  it('moves a link forward over this window’s own writes only', () => {
    recordOwnWrite('/w/b.yaml', 'b1', 'b2');
    recordOwnWrite('/w/b.yaml', 'b2', 'b3');
    expect(onlyOwnWritesSince('/w/b.yaml', 'b1', 'b3')).toBe(true);
    expect(onlyOwnWritesSince('/w/b.yaml', 'b1', 'b9')).toBe(false);
    expect(onlyOwnWritesSince('/w/other.yaml', 'b1', 'b3')).toBe(false);
    useSpecsStore.setState({ files: [info('/w/b.yaml', 'b3')] });
    useSpecsStore.getState().setLink('tab-2', { file: '/w/b.yaml', path: '/y', hash: 'b1' });
    expect(baseHashFor('tab-2', '/w/b.yaml')).toBe('b3');
  });

  it('sends the base hash, links the tab to what it wrote, and reports a conflict untouched', async () => {
    let disk = 'c1';
    const host = createFakeHost({
      ops: {
        'spec.save': (request) => {
          if (request.expectedHash !== disk) return { ok: false, error: { code: 'conflict', message: 'changed on disk' } };
          disk = 'c2';
          return { ...info(request.file, disk, [request.path]), created: false, warnings: [] };
        },
        'spec.list': () => ({ workspace: '/w', files: [info('/w/c.yaml', disk, ['/p'])] }),
      },
    });
    const target = { tabId: 'tab-3', file: '/w/c.yaml', path: '/p', call };
    const stale = await saveOperation(host, target, 'c0', 'save');
    expect(stale.ok ? 'ok' : stale.error.code).toBe('conflict');
    expect(useSpecsStore.getState().links['tab-3']).toBeUndefined();
    const fresh = await saveOperation(host, target, 'c1', 'save');
    expect(fresh.ok).toBe(true);
    expect(useSpecsStore.getState().links['tab-3']).toEqual({ file: '/w/c.yaml', path: '/p', httpMethod: 'post', hash: 'c2' });
    expect(host.calls.filter((c) => c.op === 'spec.save').map((c) => (c.request as { expectedHash: string }).expectedHash)).toEqual(['c0', 'c1']);
  });

  it('proposes a free path for "save as new operation"', () => {
    expect(freePath('/a', ['/a'])).toBe('/a-2');
    expect(freePath('/a', ['/a', '/a-2', '/a-3'])).toBe('/a-4');
  });
});
