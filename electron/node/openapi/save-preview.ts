/**
 * What every save's preview answers (spec.previewSave, http.previewSave, mcp.previewSave): the operation
 * on disk and the one a save would leave, as values and as text in the file's own format, so the conflict
 * prompt compares them as the person will read them in the file (YAML for .yaml/.yml, JSON for .json).
 */
import { stringify } from 'yaml';
import type { SpecSavePreview } from '../../../shared/contract/ops-spec';
import type { SpecFormat } from '../../../shared/openapi/spec-types';
import { formatForFile } from './spec-text';
import type { LoadedSpec } from './spec-store';

/** An Operation Object as text in `format`: YAML block style (no folding, so lines compare as written), or JSON indented by two. */
export function operationText(op: Record<string, unknown>, format: SpecFormat): string {
  return format === 'yaml' ? stringify(op, { lineWidth: 0, minContentWidth: 0 }) : `${JSON.stringify(op, null, 2)}\n`;
}

/** The preview of a save into `file` (absolute); `loaded` undefined: the file does not exist yet. */
export function savePreview(
  file: string,
  loaded: LoadedSpec | undefined,
  disk: Record<string, unknown> | undefined,
  written: Record<string, unknown>,
): SpecSavePreview {
  // The file's name says its format (a .yaml file that holds JSON is still shown as its name says: a save keeps it YAML-readable either way).
  const format = formatForFile(file) ?? loaded?.parsed.format ?? 'yaml';
  return {
    hash: loaded?.hash ?? null,
    disk: disk ?? null,
    written,
    format,
    diskText: disk ? operationText(disk, format) : null,
    writtenText: operationText(written, format),
  };
}
