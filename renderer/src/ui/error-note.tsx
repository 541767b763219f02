import type { ReactNode } from 'react';
import { readMissingCredential } from '../../../shared/a2a/credential-problems';
import type { WireError, WireErrorCode } from '../../../shared/contract/index';
import { bracedList, readUnresolvedDetails } from '../../../shared/env/variable-problems';
import { coreErrorText } from '../i18n/core-errors';
import { useT, type MessageKey, type Params } from '../i18n/i18n';

/** The next step for each stable error code; the core's own message says what happened. */
const nextStep: Record<WireErrorCode, MessageKey> = {
  'bad-request': 'err.next.badRequest',
  'unknown-operation': 'err.next.unknownOperation',
  cancelled: 'err.next.cancelled',
  timeout: 'err.next.timeout',
  dns: 'err.next.dns',
  connect: 'err.next.connect',
  proxy: 'err.next.proxy',
  'proxy-auth': 'err.next.proxyAuth',
  reset: 'err.next.reset',
  tls: 'err.next.tls',
  'http-status': 'err.next.httpStatus',
  'rpc-error': 'err.next.rpcError',
  'grpc-error': 'err.next.grpcError',
  protocol: 'err.next.protocol',
  'not-json': 'err.next.notJson',
  'too-large': 'err.next.tooLarge',
  unsupported: 'err.next.unsupported',
  'not-found': 'err.next.notFound',
  conflict: 'err.next.conflict',
  parse: 'err.next.parse',
  invalid: 'err.next.invalid',
  'credential-in-url': 'err.next.credentialInUrl',
  'unresolved-variable': 'err.next.unresolved',
  io: 'err.next.io',
  unauthorized: 'err.next.unauthorized',
  internal: 'err.next.internal',
};

export function nextStepKey(code: WireErrorCode): MessageKey {
  return nextStep[code] ?? 'err.next.internal';
}

/**
 * The next step for an error: most codes have one fixed hint; a refused `{{variable}}` names what
 * to do for its reason (pick an environment, define the variable, store the secret by name).
 */
export function nextStepFor(error: WireError): { key: MessageKey; params?: Params } {
  if (error.code === 'not-found') {
    // A credential the auth layer could not read: where it looked decides what to do.
    const missing = readMissingCredential(error.details);
    if (missing) return { key: missing.missing === 'process-env' ? 'err.next.processEnvMissing' : 'err.next.secretMissing', params: { name: missing.name } };
  }
  if (error.code !== 'unresolved-variable') return { key: nextStepKey(error.code) };
  const details = readUnresolvedDetails(error.details);
  if (!details) return { key: 'err.next.unresolved' };
  const variables = bracedList(details.variables);
  switch (details.reason) {
    case 'no-environment':
      return { key: 'err.next.unresolvedNoEnv', params: { variables } };
    case 'not-defined':
      return { key: 'err.next.unresolvedNotDefined', params: { variables, environment: details.environment ?? '' } };
    case 'secret-missing':
      return { key: 'err.next.unresolvedSecret', params: { secret: details.secret ?? '', variables } };
    case 'unknown-dynamic':
      return { key: 'err.next.unresolvedDynamic' };
    case 'not-json':
      return { key: 'err.next.unresolvedNotJson', params: { variables } };
    case 'nesting':
      // The chain names its first name again at the end (a → b → a): each is listed once.
      return { key: 'err.next.unresolvedNesting', params: { variables: bracedList([...new Set(details.variables)]) } };
  }
}

/** "What to do next: …" for an error, or the caller's own hint. */
export function NextStep({ error, hint }: { error: WireError; hint?: string }) {
  const t = useT();
  const next = nextStepFor(error);
  return (
    <p className="small next-step">
      <strong>{t('err.whatNext')}</strong> {hint ?? t(next.key, next.params)}
    </p>
  );
}

/**
 * The core's own words under a localized summary: its code and English message, marked as English so
 * a screen reader in a Korean page reads them as such. Kept visible for searching and for reports.
 */
export function CoreErrorDetail({ error }: { error: { code: string; message: string } }) {
  const t = useT();
  return (
    <p className="small error-detail" lang="en">
      {coreErrorText(t, error).detail}
    </p>
  );
}

/** Every error the feature views show: what failed, the localized summary with the core's reason, and what to do next. */
export function ErrorNote({ title, error, hint, children }: { title: string; error: WireError; hint?: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="error-card error-note" role="alert">
      <p className="error-title">{title}</p>
      <p className="error-note-message">{coreErrorText(t, error).summary}</p>
      <CoreErrorDetail error={error} />
      {children}
      <NextStep error={error} {...(hint !== undefined ? { hint } : {})} />
    </div>
  );
}

/**
 * A send, run or read that never happened (A2A, HTTP, MCP alike): `lead` words it with `{summary}`,
 * then the core's code and message, then what to do next.
 */
export function NotSentNote({ lead, error }: { lead: MessageKey; error: WireError }) {
  const t = useT();
  return (
    <div className="not-sent" role="alert">
      <p className="error">{t(lead, { summary: coreErrorText(t, error).summary })}</p>
      <CoreErrorDetail error={error} />
      <NextStep error={error} />
    </div>
  );
}
