import { beforeEach, describe, expect, it } from 'vitest';
import type { SpecFileInfo, SpecProblem } from '../../../../shared/contract/ops-spec';
import { createFakeHost } from '../../host/fake-host';
import { translate } from '../../i18n/i18n';
import { useToolViewStore } from '../../app/tool-view-store';
import { baseHashFor } from './spec-save';
import {
  checkNewPath,
  countProblems,
  deleteSpecOperation,
  isChangedOnDisk,
  relinkRenamed,
  renameSpecOperation,
  sortProblems,
  unlinkDeleted,
  type ManagedOperation,
} from './spec-manage';
import { useSpecsStore, type SpecLink } from './specs-store';

const op: ManagedOperation = { file: '/w/a.yaml', name: 'a.yaml', hash: 'h1', path: '/agents/sum', httpMethod: 'post' };
const listed = [
  { path: '/agents/sum', httpMethod: 'post' },
  { path: '/agents/echo', httpMethod: 'post' },
  { path: '/plain', httpMethod: 'get' },
];

function info(file: string, hash: string, paths: string[]): SpecFileInfo {
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

function problem(severity: SpecProblem['severity'], path: string): SpecProblem {
  return { severity, path, pointer: path, message: `${severity} at ${path}`, rule: 'x' };
}

describe('the new path of a renamed operation', () => {
  it('must start with "/", be one line, differ from the old one and not be taken by the same verb', () => {
    expect(checkNewPath('', op, listed)).toBe('empty');
    expect(checkNewPath('   ', op, listed)).toBe('empty');
    expect(checkNewPath('agents/sum-2', op, listed)).toBe('slash');
    expect(checkNewPath('/a\nb', op, listed)).toBe('oneLine');
    expect(checkNewPath('/agents/sum', op, listed)).toBe('same');
    expect(checkNewPath(' /agents/sum ', op, listed)).toBe('same');
    expect(checkNewPath('/agents/echo', op, listed)).toBe('taken');
    // Another verb at that path does not block a POST operation (the core allows it too).
    expect(checkNewPath('/plain', op, listed)).toBeNull();
    expect(checkNewPath(' /agents/total ', op, listed)).toBeNull();
  });
});

describe('conflicts', () => {
  it('tells "the file changed on disk" apart from "the path is taken"', () => {
    expect(isChangedOnDisk({ code: 'conflict', message: 'changed', details: { file: '/w/a.yaml', expectedHash: 'h1', actualHash: 'h2' } })).toBe(true);
    expect(isChangedOnDisk({ code: 'conflict', message: 'deleted on disk', details: { file: '/w/a.yaml', expectedHash: 'h1' } })).toBe(true);
    expect(isChangedOnDisk({ code: 'conflict', message: '/x already has a post operation.' })).toBe(false);
    expect(isChangedOnDisk({ code: 'io', message: 'read-only', details: { actualHash: 'h2' } })).toBe(false);
  });
});

describe('tabs linked to a renamed or deleted operation', () => {
  const links: Record<string, SpecLink> = {
    byFile: { file: '/w/a.yaml', path: '/agents/sum', httpMethod: 'post', hash: 'h0' },
    byName: { file: 'a.yaml', path: '/agents/sum', hash: 'h1' },
    otherVerb: { file: '/w/a.yaml', path: '/agents/sum', httpMethod: 'get', hash: 'h1' },
    otherOp: { file: '/w/a.yaml', path: '/agents/echo', httpMethod: 'post', hash: 'h1' },
    otherFile: { file: '/w/b.yaml', path: '/agents/sum', httpMethod: 'post', hash: 'h1' },
  };

  it('follow a rename and keep the version they were based on', () => {
    const next = relinkRenamed(links, op, '/agents/total');
    expect(next['byFile']).toEqual({ file: '/w/a.yaml', path: '/agents/total', httpMethod: 'post', hash: 'h0' });
    expect(next['byName']?.path).toBe('/agents/total');
    expect(next['otherVerb']).toBe(links['otherVerb']);
    expect(next['otherOp']).toBe(links['otherOp']);
    expect(next['otherFile']).toBe(links['otherFile']);
    expect(relinkRenamed(links, { ...op, path: '/nothing' }, '/x')).toBe(links);
  });

  it('lose the link on delete, and only theirs', () => {
    const { links: next, orphaned } = unlinkDeleted(links, op);
    expect(orphaned.sort()).toEqual(['byFile', 'byName']);
    expect(Object.keys(next).sort()).toEqual(['otherFile', 'otherOp', 'otherVerb']);
    expect(unlinkDeleted(links, { ...op, file: '/w/c.yaml', name: 'c.yaml' }).links).toBe(links);
  });
});

describe('validation problems', () => {
  it('are counted and listed errors first, each kind in document order', () => {
    const problems = [problem('warning', '$.a'), problem('error', '$.b'), problem('warning', '$.c'), problem('error', '$.d')];
    expect(countProblems(problems)).toEqual({ errors: 2, warnings: 2 });
    expect(sortProblems(problems).map((p) => p.path)).toEqual(['$.b', '$.d', '$.a', '$.c']);
    expect(countProblems([])).toEqual({ errors: 0, warnings: 0 });
  });
});

describe('rename and delete through the host', () => {
  beforeEach(() => {
    useSpecsStore.setState({ files: [], links: {}, orphans: {} });
    useToolViewStore.setState({ view: null });
  });

  it('renames against the listed version; the tab, the docs view and the list follow, and the tab’s next save needs no prompt', async () => {
    let disk = 'h1';
    let paths = ['/agents/sum', '/agents/echo'];
    const host = createFakeHost({
      ops: {
        'spec.renameOperation': (request) => {
          if (request.expectedHash !== disk)
            return {
              ok: false,
              error: { code: 'conflict', message: 'changed on disk', details: { file: request.file, expectedHash: request.expectedHash, actualHash: disk } },
            };
          disk = 'h2';
          paths = paths.map((p) => (p === request.path ? request.newPath : p));
          return { ...info(request.file, disk, paths), created: false, warnings: [] };
        },
        'spec.list': () => ({ workspace: '/w', files: [info('/w/a.yaml', disk, paths)] }),
      },
    });
    useSpecsStore.setState({ files: [info('/w/a.yaml', 'h1', paths)] });
    useSpecsStore.getState().setLink('tab-1', { file: '/w/a.yaml', path: '/agents/sum', httpMethod: 'post', hash: 'h1' });
    useToolViewStore.getState().open({ kind: 'docs', file: '/w/a.yaml', path: '/agents/sum', httpMethod: 'post' });

    const stale = await renameSpecOperation(host, { ...op, hash: 'h0' }, '/agents/total');
    expect(stale.ok ? 'ok' : isChangedOnDisk(stale.error)).toBe(true);
    expect(useSpecsStore.getState().links['tab-1']?.path).toBe('/agents/sum');

    const result = await renameSpecOperation(host, op, '/agents/total');
    expect(result.ok).toBe(true);
    expect(host.calls.filter((c) => c.op === 'spec.renameOperation').map((c) => c.request)).toEqual([
      { file: '/w/a.yaml', path: '/agents/sum', httpMethod: 'post', newPath: '/agents/total', expectedHash: 'h0' },
      { file: '/w/a.yaml', path: '/agents/sum', httpMethod: 'post', newPath: '/agents/total', expectedHash: 'h1' },
    ]);
    expect(useSpecsStore.getState().links['tab-1']).toEqual({ file: '/w/a.yaml', path: '/agents/total', httpMethod: 'post', hash: 'h1' });
    expect(useToolViewStore.getState().view).toEqual({ kind: 'docs', file: '/w/a.yaml', path: '/agents/total', httpMethod: 'post' });
    expect(useSpecsStore.getState().files[0]?.operations.map((o) => o.path)).toEqual(['/agents/total', '/agents/echo']);
    // h1 → h2 was this window's rename, so the tab saves on h2 without a conflict prompt.
    expect(baseHashFor('tab-1', '/w/a.yaml')).toBe('h2');
  });

  it('deletes; tabs from it forget the operation but remember it was deleted, and its docs close', async () => {
    let disk = 'd1';
    let paths = ['/agents/sum', '/agents/echo'];
    const host = createFakeHost({
      ops: {
        'spec.deleteOperation': (request) => {
          if (request.expectedHash !== disk)
            return {
              ok: false,
              error: { code: 'conflict', message: 'changed on disk', details: { file: request.file, expectedHash: request.expectedHash, actualHash: disk } },
            };
          disk = 'd2';
          paths = paths.filter((p) => p !== request.path);
          return { ...info(request.file, disk, paths), created: false, warnings: [] };
        },
        'spec.list': () => ({ workspace: '/w', files: [info('/w/a.yaml', disk, paths)] }),
      },
    });
    useSpecsStore.getState().setLink('tab-2', { file: '/w/a.yaml', path: '/agents/sum', httpMethod: 'post', hash: 'd1' });
    useSpecsStore.getState().setLink('tab-3', { file: '/w/a.yaml', path: '/agents/echo', httpMethod: 'post', hash: 'd1' });
    useToolViewStore.getState().open({ kind: 'docs', file: '/w/a.yaml', path: '/agents/sum', httpMethod: 'post' });

    const stale = await deleteSpecOperation(host, { ...op, hash: 'd0' });
    expect(stale.ok).toBe(false);
    expect(paths).toEqual(['/agents/sum', '/agents/echo']);
    expect(useSpecsStore.getState().links['tab-2']).toBeDefined();

    const result = await deleteSpecOperation(host, { ...op, hash: 'd1' });
    expect(result.ok).toBe(true);
    const state = useSpecsStore.getState();
    expect(state.links['tab-2']).toBeUndefined();
    expect(state.orphans['tab-2']).toEqual({ file: '/w/a.yaml', path: '/agents/sum' });
    expect(state.links['tab-3']?.path).toBe('/agents/echo');
    expect(useToolViewStore.getState().view).toBeNull();
    expect(state.files[0]?.operations.map((o) => o.path)).toEqual(['/agents/echo']);
    // Saving the orphaned tab somewhere links it again and ends the "was deleted" note.
    state.setLink('tab-2', { file: '/w/a.yaml', path: '/agents/sum-again', hash: 'd3' });
    expect(useSpecsStore.getState().orphans['tab-2']).toBeUndefined();
  });
});

describe('the control names the sidebar is found by', () => {
  it('are exact in English and translated in Korean', () => {
    expect(translate('en', 'specs.renameOp')).toBe('Rename operation');
    expect(translate('en', 'specs.deleteOp')).toBe('Delete operation');
    expect(translate('en', 'specs.validateFile')).toBe('Validate file');
    expect(translate('en', 'rename.newPath')).toBe('New operation path');
    expect(translate('en', 'manage.reload')).toBe('Reload');
    expect(translate('en', 'validate.valid', { file: 'a.yaml' })).toContain('valid OpenAPI 3.2 with x-a2a');
    // The "not valid" summary must not read as the valid one.
    expect(translate('en', 'validate.invalid', { errors: 1, warnings: 0 })).not.toContain('valid OpenAPI 3.2 with x-a2a');
    for (const key of ['specs.renameOp', 'specs.deleteOp', 'specs.validateFile', 'rename.newPath', 'manage.reload'] as const)
      expect(translate('ko', key)).toMatch(/[가-힣]/);
  });

  it('name the operation a row’s Rename and Delete act on, in both languages', () => {
    expect(translate('en', 'specs.renameOpOf', { title: 'Add numbers' })).toBe('Rename operation Add numbers');
    expect(translate('en', 'specs.deleteOpOf', { title: 'GET /pets' })).toBe('Delete operation GET /pets');
    for (const key of ['specs.renameOpOf', 'specs.deleteOpOf'] as const) {
      const ko = translate('ko', key, { title: 'Add numbers' });
      expect(ko).toContain('Add numbers');
      expect(ko).toMatch(/[가-힣]/);
    }
  });
});
