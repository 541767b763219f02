import type { ReactNode } from 'react';
import type { WireError, WireErrorCode } from '../../../shared/contract/index';
import { useT, type MessageKey } from '../i18n/i18n';

/** The next step for each stable error code; the core's own message says what happened. */
const nextStep: Record<WireErrorCode, MessageKey> = {
  'bad-request': 'err.next.badRequest',
  'unknown-operation': 'err.next.unknownOperation',
  cancelled: 'err.next.cancelled',
  timeout: 'err.next.timeout',
  dns: 'err.next.dns',
  connect: 'err.next.connect',
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
  io: 'err.next.io',
  unauthorized: 'err.next.unauthorized',
  internal: 'err.next.internal',
};

export function nextStepKey(code: WireErrorCode): MessageKey {
  return nextStep[code] ?? 'err.next.internal';
}

/** Every error the feature views show: what failed, the core's reason, and what to do next. */
export function ErrorNote({ title, error, hint, children }: { title: string; error: WireError; hint?: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="error-card error-note" role="alert">
      <p className="error-title">{title}</p>
      <p className="error-note-message">{error.message}</p>
      {children}
      <p className="small">
        <strong>{t('err.whatNext')}</strong> {hint ?? t(nextStepKey(error.code))}
      </p>
    </div>
  );
}
