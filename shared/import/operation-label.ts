/**
 * What an import's preview says of an operation beside its method and path: its summary, unless
 * the summary only repeats them (a curl command's or an unnamed request's "POST /things"), else its
 * operationId. The dialog and `powerduck import` list operations the same way.
 */
import type { ImportOperationInfo } from '../contract/ops-import';

/** "POST /things", "POST https://api.example.com/things", "POST {{base}}/things" all repeat POST /things. */
function repeatsMethodAndPath(summary: string, op: ImportOperationInfo): boolean {
  const [method, ...rest] = summary.trim().split(/\s+/);
  if (method?.toLowerCase() !== op.httpMethod.toLowerCase() || rest.length !== 1) return false;
  const target = (rest[0] as string).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/^\{\{[^}]*\}\}/, '');
  return target === op.path || target.split('?')[0] === op.path;
}

export function importedOperationLabel(op: ImportOperationInfo): string | undefined {
  if (op.summary?.trim() && !repeatsMethodAndPath(op.summary, op)) return op.summary.trim();
  return op.operationId?.trim() || undefined;
}
