import { useId } from 'react';
import type { CallTls } from '../../../../shared/a2a/call';
import { useT } from '../../i18n/i18n';
import { SecretField } from './secret-field';

type CertKind = 'none' | 'pem' | 'pkcs12';

function kindOf(tls: CallTls | undefined): CertKind {
  if (tls?.pfxFile !== undefined) return 'pkcs12';
  if (tls?.certFile !== undefined || tls?.keyFile !== undefined) return 'pem';
  return 'none';
}

/** Switching the kind keeps the extra CA and drops the other kind's fields. */
function switchKind(tls: CallTls | undefined, kind: CertKind): CallTls {
  const keep: CallTls = {};
  if (tls?.caFile !== undefined) keep.caFile = tls.caFile;
  if (tls?.insecureSkipVerify) keep.insecureSkipVerify = true;
  if (kind === 'pem') return { ...keep, certFile: '', keyFile: '' };
  if (kind === 'pkcs12') return { ...keep, pfxFile: '', passphrase: { secretRef: '' } };
  return keep;
}

/**
 * The Client certificate section of a request's Auth/TLS settings: file paths (read by the core at
 * send time, so the draft and the session never hold key material) and the name of the secret that
 * holds a PKCS#12 passphrase. gRPC refuses custom TLS, and the section says so instead of editing.
 */
export function ClientCertFields({
  tls,
  endpoint,
  grpc,
  onChange,
}: {
  tls: CallTls | undefined;
  endpoint: string;
  grpc?: boolean;
  onChange: (tls: CallTls | undefined) => void;
}) {
  const t = useT();
  const id = useId();
  const kind = kindOf(tls);
  const set = (patch: Partial<CallTls>): void => onChange({ ...tls, ...patch });
  return (
    <section className="client-cert" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('tls.title')}</h3>
      {grpc ? (
        <p className="hint" role="note">
          {t('tls.grpcRefused')}
        </p>
      ) : null}
      <div className="field-row">
        <label htmlFor={`${id}-kind`}>{t('tls.kind')}</label>
        <select
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => onChange(switchKind(tls, e.target.value === 'pem' ? 'pem' : e.target.value === 'pkcs12' ? 'pkcs12' : 'none'))}
        >
          <option value="none">{t('tls.kind.none')}</option>
          <option value="pem">{t('tls.kind.pem')}</option>
          <option value="pkcs12">{t('tls.kind.pkcs12')}</option>
        </select>
      </div>
      {kind === 'pem' ? (
        <>
          <div className="field-row">
            <label htmlFor={`${id}-cert`}>{t('tls.certFile')}</label>
            <input
              id={`${id}-cert`}
              value={tls?.certFile ?? ''}
              spellCheck={false}
              placeholder="/path/to/client.crt"
              onChange={(e) => set({ certFile: e.target.value })}
            />
          </div>
          <div className="field-row">
            <label htmlFor={`${id}-key`}>{t('tls.keyFile')}</label>
            <input
              id={`${id}-key`}
              value={tls?.keyFile ?? ''}
              spellCheck={false}
              placeholder="/path/to/client.key"
              onChange={(e) => set({ keyFile: e.target.value })}
            />
          </div>
        </>
      ) : null}
      {kind === 'pkcs12' ? (
        <>
          <div className="field-row">
            <label htmlFor={`${id}-pfx`}>{t('tls.pfxFile')}</label>
            <input
              id={`${id}-pfx`}
              value={tls?.pfxFile ?? ''}
              spellCheck={false}
              placeholder="/path/to/client.p12"
              onChange={(e) => set({ pfxFile: e.target.value })}
            />
          </div>
          <SecretField
            label={t('tls.passphrase')}
            source={tls?.passphrase ?? { secretRef: '' }}
            endpoint={endpoint}
            purpose="p12-passphrase"
            onChange={(passphrase) => set({ passphrase })}
          />
        </>
      ) : null}
      <div className="field-row">
        <label htmlFor={`${id}-ca`}>{t('tls.caFile')}</label>
        <input
          id={`${id}-ca`}
          value={tls?.caFile ?? ''}
          spellCheck={false}
          placeholder="/path/to/ca.crt"
          onChange={(e) => {
            const { caFile: _old, ...rest } = tls ?? {};
            onChange(e.target.value === '' ? rest : { ...rest, caFile: e.target.value });
          }}
        />
      </div>
      <p className="hint">{t('tls.hint')}</p>
    </section>
  );
}
