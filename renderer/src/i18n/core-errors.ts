import { isWireErrorCode, type WireErrorCode } from '../../../shared/contract/result';
import type { MessageKey } from './en';
import type { Translate } from './i18n';

/**
 * A short summary per stable error code, so a Korean page says what failed in Korean. The core's
 * `message` stays English on purpose (it is what people search for and paste into a report), so the
 * page shows it under the summary as detail, never instead of it.
 */
const summaryKeys: Record<WireErrorCode, MessageKey> = {
  'bad-request': 'err.summary.badRequest',
  'unknown-operation': 'err.summary.unknownOperation',
  cancelled: 'err.summary.cancelled',
  timeout: 'err.summary.timeout',
  dns: 'err.summary.dns',
  connect: 'err.summary.connect',
  proxy: 'err.summary.proxy',
  'proxy-auth': 'err.summary.proxyAuth',
  reset: 'err.summary.reset',
  tls: 'err.summary.tls',
  'http-status': 'err.summary.httpStatus',
  'rpc-error': 'err.summary.rpcError',
  'grpc-error': 'err.summary.grpcError',
  protocol: 'err.summary.protocol',
  'not-json': 'err.summary.notJson',
  'too-large': 'err.summary.tooLarge',
  unsupported: 'err.summary.unsupported',
  'not-found': 'err.summary.notFound',
  conflict: 'err.summary.conflict',
  parse: 'err.summary.parse',
  invalid: 'err.summary.invalid',
  'credential-in-url': 'err.summary.credentialInUrl',
  'unresolved-variable': 'err.summary.unresolved',
  io: 'err.summary.io',
  unauthorized: 'err.summary.unauthorized',
  internal: 'err.summary.internal',
};

/** The catalogue key of a code's summary; none for a code this page does not know (a newer core, an old history entry). */
export function errorSummaryKey(code: string): MessageKey | undefined {
  return isWireErrorCode(code) ? summaryKeys[code] : undefined;
}

/** The page's words for a code, for a table that shows the core's message in a row of its own; none for an unknown code. */
export function errorMeaning(t: Translate, code: string): string | undefined {
  const key = errorSummaryKey(code);
  return key ? t(key) : undefined;
}

export interface CoreErrorText {
  /** What failed, in the page's language; the core's own message when the code is unknown. */
  summary: string;
  /** The core's message (English) after its code, for searching and reports; the bare code when the summary already is the message. */
  detail: string;
}

/** How the page words an error the core answered with: the localized summary, then the core's message. */
export function coreErrorText(t: Translate, error: { code: string; message: string }): CoreErrorText {
  const meaning = errorMeaning(t, error.code);
  if (meaning === undefined) return { summary: error.message || error.code, detail: error.code };
  return { summary: meaning, detail: `${error.code}: ${error.message}` };
}

/**
 * The same on one line, for a status or a problem line: "summary (code: message)", or the core's
 * message alone when the code is unknown (there is nothing to translate it by).
 */
export function coreErrorLine(t: Translate, error: { code: string; message: string }): string {
  const text = coreErrorText(t, error);
  return errorSummaryKey(error.code) ? `${text.summary} (${text.detail})` : text.summary;
}
