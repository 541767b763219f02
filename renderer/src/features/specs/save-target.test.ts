import { describe, expect, it } from 'vitest';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import { initialSaveFile, newSpecFile, saveChoice } from './save-target';

const spec = (name: string, parseError?: string): SpecFileInfo => ({
  file: `/ws/${name}`,
  name,
  format: 'yaml',
  hash: 'h',
  mtimeMs: 0,
  sizeBytes: 1,
  operations: [],
  ...(parseError ? { parseError: { message: parseError } } : {}),
});
const files = [spec('agents.openapi.yaml'), spec('broken.yaml', 'bad indent')];

describe('the save dialogs’ file choice', () => {
  it('before the workspace is listed: nothing chosen, not "new file", and nothing to send (no "No spec file given")', () => {
    expect(saveChoice([], '', 'requests.openapi.yaml', false)).toEqual({ writable: [], chosen: undefined, creating: false, target: '' });
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
    // A linked file that is gone from the listed workspace is created anew under the typed name.
    expect(saveChoice(files, '/ws/gone.yaml', 'requests.openapi.yaml', true)).toMatchObject({ creating: true, target: 'requests.openapi.yaml' });
  });

  it('starts on the preferred file, else the first parsable one, else a new file', () => {
    expect(initialSaveFile(files, 'agents.openapi.yaml')).toBe('/ws/agents.openapi.yaml');
    expect(initialSaveFile([spec('broken.yaml', 'x'), spec('b.yaml')])).toBe('/ws/b.yaml');
    expect(initialSaveFile([spec('broken.yaml', 'x')])).toBe(newSpecFile);
  });
});
