import type { AuthConfig } from '../../../../shared/a2a/auth';
import type { MessageKey } from '../../i18n/i18n';

export interface AccessNote {
  /** The error card's title: a refusal of credentials reads as one, not as a protocol error. */
  title: MessageKey;
  /** Set when the agent's card declares a scheme and the tab sends no auth: the scheme to set in Auth. */
  setAuthFor?: string;
}

/**
 * What an error answer says about access. HTTP 401/403 is the agent refusing the credentials,
 * whatever envelope came with it (a JSON-RPC error body included); other statuses keep the
 * protocol's own title. `cardScheme` is the scheme the card declares for this endpoint, if known.
 */
export function accessNote(kind: 'rpc-error' | 'http-error', status: number | undefined, auth: AuthConfig['type'], cardScheme?: string): AccessNote {
  const refused = status === 401 || status === 403;
  const title: MessageKey = refused ? (status === 401 ? 'error.refused401' : 'error.refused403') : kind === 'rpc-error' ? 'error.rpcTitle' : 'error.httpTitle';
  return refused && cardScheme && auth === 'none' ? { title, setAuthFor: cardScheme } : { title };
}
