import type { HeaderEntry } from '../../../../shared/a2a/call';
import { isSecretHeader } from '../../../../shared/a2a/redaction';

/**
 * A credential header as the session gives it back: its typed value was never saved (secrets are not
 * persisted), so the row is empty and off. The A2A, HTTP and MCP header tables say so on the row rather
 * than leave it blank unexplained.
 */
export function credentialNotKept(row: HeaderEntry): boolean {
  return row.enabled === false && row.value === '' && isSecretHeader(row.name);
}
