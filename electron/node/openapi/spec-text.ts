/**
 * Spec text ↔ model: parsing (JSON, the fast block-YAML reader, or `yaml` for everything else)
 * and verified lossless editing: the edited text must parse back to exactly the edited model.
 */
import { parseDocument } from 'yaml';
import { readBlockYaml } from './block-yaml-reader';
import { verifyBlockEdit } from './block-yaml-verify';
import { JsonSpecEditor } from './json-editor';
import { verifyJsonEdit } from './json-verify';
import type { SpecEdit } from '../../../shared/openapi/spec-edits';
import { applyEditsToModel, applySpecEdits, deepEqual, NotEditable } from '../../../shared/openapi/spec-edits';
import { YamlSpecEditor } from './yaml-editor';
import type { SpecFormat, SpecParseError } from '../../../shared/openapi/spec-types';

export type { SpecFormat, SpecParseError };

export interface ParsedSpecText {
  format: SpecFormat;
  /** How the text is written: a .yaml file may hold JSON. */
  syntax: SpecFormat;
  model: unknown;
  error?: SpecParseError;
  /** Read by the block-subset reader (no anchors, aliases or flow style). */
  fast?: boolean;
}

export const specExtensions = ['.yaml', '.yml', '.json'] as const;

export function formatForFile(file: string): SpecFormat | undefined {
  const lower = file.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  return undefined;
}

function jsonError(text: string, error: unknown): SpecParseError {
  const message = error instanceof Error ? error.message : String(error);
  const at = /position (\d+)/.exec(message);
  if (!at) return { message };
  const pos = Number(at[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  return { message, line, col: pos - before.lastIndexOf('\n') };
}

export function parseSpecText(text: string, format: SpecFormat): ParsedSpecText {
  const looksJson = /^\s*\{/.test(text);
  if (format === 'json' || looksJson) {
    try {
      return { format, syntax: 'json', model: JSON.parse(text) as unknown };
    } catch (error) {
      if (format === 'json') return { format, syntax: 'json', model: undefined, error: jsonError(text, error) };
    }
  }
  const fast = readBlockYaml(text);
  if (fast) return { format, syntax: 'yaml', model: fast.value, fast: true };
  const doc = parseDocument(text, { prettyErrors: true });
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    const message = first.message.split('\n')[0] ?? first.message;
    return { format, syntax: 'yaml', model: undefined, error: { message, ...(pos ? { line: pos.line, col: pos.col } : {}) } };
  }
  try {
    return { format, syntax: 'yaml', model: doc.toJS() as unknown };
  } catch (error) {
    return { format, syntax: 'yaml', model: undefined, error: { message: error instanceof Error ? error.message : String(error) } };
  }
}

export interface EditedSpecText {
  text: string;
  model: unknown;
  /** The new text is still in the block subset the fast reader reads. */
  fast?: boolean;
}

/**
 * Applies the edits to the text, touching only what they name, and proves the result: it must
 * parse to the old model with the same edits applied. Throws NotEditable otherwise.
 */
export function editSpecText(text: string, parsed: ParsedSpecText, edits: readonly SpecEdit[]): EditedSpecText {
  if (parsed.error) throw new NotEditable(`The file does not parse: ${parsed.error.message}`);
  const jsonEditor = parsed.syntax === 'json' ? new JsonSpecEditor(text) : undefined;
  const yamlEditor = jsonEditor ? undefined : new YamlSpecEditor(text);
  const editor = jsonEditor ?? (yamlEditor as YamlSpecEditor);
  applySpecEdits(editor, edits, parsed.model);
  const next = editor.toString();
  const expectedModel = applyEditsToModel(parsed.model, edits);
  const split = yamlEditor && !text.includes('\r') ? { oldLines: yamlEditor.originalLines, newLines: yamlEditor.currentLines() } : undefined;
  if (parsed.fast && verifyBlockEdit(text, next, parsed.model, expectedModel, split)) return { text: next, model: expectedModel, fast: true };
  if (jsonEditor && verifyJsonEdit(text, next, parsed.model, expectedModel, jsonEditor.indexOfOriginal())) return { text: next, model: expectedModel };
  const reparsed = parseSpecText(next, parsed.syntax === 'json' ? 'json' : parsed.format);
  if (reparsed.error) throw new NotEditable(`The edit would leave the file unparsable (${reparsed.error.message}); nothing was written.`);
  if (!deepEqual(reparsed.model, expectedModel)) {
    throw new NotEditable(
      'The edit could not be made without changing other parts of the file (anchors or unusual layout around the operation); nothing was written.',
    );
  }
  // Equal to the expected model, which shares every untouched branch with the old one (caches stay warm).
  return { text: next, model: expectedModel, ...(reparsed.fast ? { fast: true } : {}) };
}
