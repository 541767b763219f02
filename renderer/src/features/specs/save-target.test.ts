import { describe, expect, it } from 'vitest';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import { initialSaveFile, newSpecFile, newSpecFileName, refusedStartFile, saveChoice, takesOperations } from './save-target';

const spec = (name: string, parseError?: string, openapi?: string): SpecFileInfo => ({
  file: `/ws/${name}`,
  name,
  format: 'yaml',
  hash: 'h',
  mtimeMs: 0,
  sizeBytes: 1,
  operations: [],
  ...(openapi ? { openapi } : {}),
  ...(parseError ? { parseError: { message: parseError } } : {}),
});
const files = [spec('agents.openapi.yaml'), spec('broken.yaml', 'bad indent')];

describe('the save dialogs’ file choice', () => {
  it('before the workspace is listed: nothing chosen, not "new file", and nothing to send (no "No spec file given")', () => {
    expect(saveChoice([], '', 'requests.openapi.yaml', false)).toEqual({ writable: [], notWritable: [], chosen: undefined, creating: false, target: '' });
    // A linked tab's file is not yet in the (empty) list: it is not a new file to create either.
    expect(saveChoice([], '/ws/agents.openapi.yaml', 'requests.openapi.yaml', false)).toMatchObject({ creating: false, target: '' });
  });

  it('once listed: the linked file is chosen and sent as itself', () => {
    const choice = saveChoice(files, '/ws/agents.openapi.yaml', 'requests.openapi.yaml', true);
    expect(choice.chosen?.name).toBe('agents.openapi.yaml');
    expect(choice).toMatchObject({ creating: false, target: '/ws/agents.openapi.yaml' });
    expect(choice.writable.map((f) => f.name)).toEqual(['agents.openapi.yaml']);
  });

  it('"New file…" sends the typed name; an empty name sends nothing', () => {
    expect(saveChoice(files, newSpecFile, ' mine.yaml ', true)).toMatchObject({ creating: true, target: 'mine.yaml' });
    expect(saveChoice(files, newSpecFile, '  ', true)).toMatchObject({ creating: true, target: '' });
    expect(saveChoice(files, newSpecFile, ' shop ', true)).toMatchObject({ creating: true, target: 'shop.openapi.yaml' });
    // A linked file that is gone from the listed workspace is created anew under the typed name.
    expect(saveChoice(files, '/ws/gone.yaml', 'requests.openapi.yaml', true)).toMatchObject({ creating: true, target: 'requests.openapi.yaml' });
  });

  it('starts on the preferred file, else the first parsable one, else a new file', () => {
    expect(initialSaveFile(files, 'agents.openapi.yaml')).toBe('/ws/agents.openapi.yaml');
    expect(initialSaveFile([spec('broken.yaml', 'x'), spec('b.yaml')])).toBe('/ws/b.yaml');
    expect(initialSaveFile([spec('broken.yaml', 'x')])).toBe(newSpecFile);
  });

  // QA: a fresh MCP tab started on an imported OpenAPI 3.0 file (first alphabetically) and the save was refused.
  const imported = spec('aaa-imported.yaml', undefined, '3.0.3');
  const own = spec('powerduck.openapi.yaml', undefined, '3.2.0');
  const other = spec('other.openapi.yaml', undefined, '3.2.0');

  it('only OpenAPI 3.2 files (or files that are not a document yet) can take an operation', () => {
    expect(takesOperations(own)).toBe(true);
    expect(takesOperations(spec('empty.yaml'))).toBe(true);
    expect(takesOperations(imported)).toBe(false);
    expect(takesOperations(spec('v31.yaml', undefined, '3.1.0'))).toBe(false);
    expect(takesOperations(spec('broken.yaml', 'bad'))).toBe(false);
  });

  it('a new tab starts on the workspace’s own file, never on a file of another OpenAPI version', () => {
    expect(initialSaveFile([imported, other, own])).toBe(own.file);
    expect(initialSaveFile([imported, other])).toBe(other.file);
    expect(initialSaveFile([imported])).toBe(newSpecFile);
  });

  it('a tab from an operation starts on its own file; from a 3.0 file it starts elsewhere and says why', () => {
    expect(initialSaveFile([imported, other, own], undefined, other.file)).toBe(other.file);
    expect(initialSaveFile([imported, other, own], undefined, imported.file)).toBe(own.file);
    expect(refusedStartFile([imported, own], imported.file)).toBe(imported);
    expect(refusedStartFile([imported, own], own.file)).toBeUndefined();
  });

  it('a 3.0 file is listed as not writable and, if it were the value, is neither chosen nor taken for a new file', () => {
    const choice = saveChoice([imported, own], imported.file, 'requests.openapi.yaml', true);
    expect(choice.notWritable).toEqual([imported]);
    expect(choice.writable).toEqual([own]);
    expect(choice).toMatchObject({ chosen: undefined, creating: false, target: '' });
  });
});

describe('newSpecFileName', () => {
  it('gives a bare name the .openapi.yaml a spec file needs, and leaves a name with an extension as typed', () => {
    expect(newSpecFileName(' shop ')).toBe('shop.openapi.yaml');
    expect(newSpecFileName('apis/shop')).toBe('apis/shop.openapi.yaml');
    expect(newSpecFileName('shop.json')).toBe('shop.json');
    expect(newSpecFileName('shop.openapi.YML')).toBe('shop.openapi.YML');
    // Another extension is the user's choice to correct: the core refuses it, naming the file.
    expect(newSpecFileName('notes.txt')).toBe('notes.txt');
    expect(newSpecFileName('  ')).toBe('');
    expect(newSpecFileName('apis/')).toBe('apis/');
  });
});
