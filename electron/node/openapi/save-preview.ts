/**
 * What every save's preview answers (spec.previewSave, http.previewSave, mcp.previewSave): the operation
 * on disk and the one a save would leave, as values and as text in the file's own format, so the conflict
 * prompt compares them as the person will read them in the file (YAML for .yaml/.yml, JSON for .json).
 */
import type { SpecSavePreview } from '../../../shared/contract/ops-spec';
import { formatForFile } from './spec-text';
import { operationText } from '../../../shared/openapi/operation-text';
import type { LoadedSpec } from './spec-store';

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
