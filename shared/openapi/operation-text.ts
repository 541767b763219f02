/**
 * An Operation Object (or any part of one) as text in a spec file's format, as the person reads it in
 * the file: YAML block style for .yaml/.yml (no folding, so lines compare as written), JSON indented by
 * two for .json. The core's save previews and the conflict prompt's own texts both write through it, so
 * the prompt never shows JSON for a YAML file. The page loads it (and the YAML writer) only when needed.
 */
import { stringify } from 'yaml';
import type { SpecFormat } from './spec-types';

export function operationText(op: unknown, format: SpecFormat): string {
  return format === 'yaml' ? stringify(op, { lineWidth: 0, minContentWidth: 0 }) : `${JSON.stringify(op, null, 2)}\n`;
}
