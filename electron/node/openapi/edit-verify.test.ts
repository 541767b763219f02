import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { verifyBlockEdit } from './block-yaml-verify';
import { verifyJsonEdit } from './json-verify';
import { applyEditsToModel, applySpecEdits } from '../../../shared/openapi/spec-edits';
import { YamlSpecEditor } from './yaml-editor';

const oldYaml = 'openapi: 3.2.0\npaths:\n  /a:\n    post:\n      summary: A\n  /b:\n    get:\n      summary: B\ncomponents:\n  schemas:\n    X: {}\n';
const oldModel = YAML.parse(oldYaml) as Record<string, unknown>;
const edit = [{ kind: 'setOperationFields' as const, path: '/a', verb: 'post', fields: [['summary', 'A2'] as [string, unknown]] }];

describe('localized edit proofs', () => {
  it('accept a YAML edit that changed exactly what was intended', () => {
    const expected = applyEditsToModel(oldModel, edit);
    expect(verifyBlockEdit(oldYaml, oldYaml.replace('summary: A\n', 'summary: A2\n'), oldModel, expected)).toBe(true);
  });

  it('reject YAML edits that changed anything else, or broke the structure', () => {
    const expected = applyEditsToModel(oldModel, edit);
    const base = oldYaml.replace('summary: A\n', 'summary: A2\n');
    expect(verifyBlockEdit(oldYaml, base.replace('summary: B', 'summary: C'), oldModel, expected)).toBe(false);
    expect(verifyBlockEdit(oldYaml, base.replace('    X: {}', '    X: {}\n    Y: {}'), oldModel, expected)).toBe(false);
    expect(verifyBlockEdit(oldYaml, base.replace('  /b:\n', '   /b:\n'), oldModel, expected)).toBe(false);
    expect(verifyBlockEdit(oldYaml, `${base}stray\n`, oldModel, expected)).toBe(false);
    expect(verifyBlockEdit(oldYaml, oldYaml, oldModel, expected)).toBe(false);
  });

  it('reach the same verdict from the lines the YAML editor hands over as from the texts', () => {
    const edits = [
      ...edit,
      { kind: 'setOperationFields' as const, path: '/c', verb: 'get', fields: [['description', 'two\nlines'] as [string, unknown]] },
      { kind: 'addSchemas' as const, schemas: [['Y', { type: 'object' }] as [string, unknown]] },
    ];
    for (const text of [oldYaml, oldYaml.replace(/\n$/, ''), `# top\n${oldYaml}# end\n`]) {
      const model = YAML.parse(text) as Record<string, unknown>;
      const editor = new YamlSpecEditor(text);
      applySpecEdits(editor, edits, model);
      const next = editor.toString();
      expect(editor.currentLines()).toEqual(next.split('\n'));
      expect(editor.originalLines).toEqual(text.split('\n'));
      const expected = applyEditsToModel(model, edits);
      const split = { oldLines: editor.originalLines, newLines: editor.currentLines() };
      expect(verifyBlockEdit(text, next, model, expected, split)).toBe(verifyBlockEdit(text, next, model, expected));
      expect(verifyBlockEdit(text, next, model, expected, split)).toBe(true);
      expect(verifyBlockEdit(text, next, model, applyEditsToModel(model, edits.slice(1)), split)).toBe(false);
    }
  });

  it('accept and reject JSON edits the same way', () => {
    const oldJson = JSON.stringify(oldModel, null, 2);
    const model = JSON.parse(oldJson) as Record<string, unknown>;
    const expected = applyEditsToModel(model, edit);
    const good = oldJson.replace('"summary": "A"', '"summary": "A2"');
    expect(verifyJsonEdit(oldJson, good, model, expected)).toBe(true);
    expect(verifyJsonEdit(oldJson, good.replace('"summary": "B"', '"summary": "C"'), model, expected)).toBe(false);
    expect(verifyJsonEdit(oldJson, `${good}x`, model, expected)).toBe(false);
    expect(verifyJsonEdit(oldJson, good.slice(0, -3), model, expected)).toBe(false);
  });
});
