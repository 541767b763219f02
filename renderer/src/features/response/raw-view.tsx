import type { ExchangeRecord, HeaderList } from '../../../../shared/a2a/exchange';
import { useT } from '../../i18n/i18n';
import { saveText } from '../../ui/download';
import { formatBytes, prettyBody } from '../../ui/format';
import { largeBodyBytes } from './large-body';
import { REDACTED } from '../../../../shared/a2a/redaction';

/** The recorder replaced a credential in this exchange's bodies (what is shown is not byte for byte what was sent). */
export function showsRedaction(record: Pick<ExchangeRecord, 'request' | 'response'>): boolean {
  return Boolean(record.request.body?.includes(REDACTED) || record.response?.body?.includes(REDACTED) || record.response?.bodyTail?.includes(REDACTED));
}

const shownChars = 256 * 1024;

/**
 * Text shown in a <pre>, past 256 KiB only its head, with how much more there is and a Save of the
 * whole: laying out a 10 MB <pre> kept the page frozen for seconds.
 */
export function CappedText({
  text,
  filename,
  className = 'code-block',
  label,
  save = true,
}: {
  text: string;
  filename: string;
  className?: string;
  label?: string;
  /** Offer Save when the text is cut (false where the view already has a Save of the same text). */
  save?: boolean;
}) {
  const t = useT();
  const cut = text.length > shownChars;
  return (
    <>
      {cut ? (
        <p className="notice small" role="note">
          {t('raw.capped', { shown: formatBytes(shownChars) })}
          {save ? (
            <>
              {' '}
              <button type="button" className="link-button" onClick={() => saveText(filename, text)}>
                {t('raw.save')}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      <pre className={className} {...(label ? { 'aria-label': label } : {})}>
        {cut ? text.slice(0, shownChars) : text}
        {cut ? `\n… ${t('large.more', { size: formatBytes(text.length - shownChars) })}` : ''}
      </pre>
    </>
  );
}

/** Headers, metadata or trailers as sent, in order (the raw view and the Headers tab). */
export function HeaderTable({ caption, headers }: { caption: string; headers: HeaderList | undefined }) {
  if (!headers?.length) return null;
  return (
    <table className="kv-table raw-headers">
      <caption>{caption}</caption>
      <tbody>
        {headers.map(([name, value], index) => (
          <tr key={`${name}-${index}`}>
            <th scope="row" className="mono">
              {name}
            </th>
            <td className="mono">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Body({
  label,
  text,
  bytes,
  sizeKey,
  truncated,
  filename,
  tail,
  rebuild,
}: {
  label: string;
  text: string | undefined;
  bytes: number;
  /** "sent" or "received": the size is of the bytes on the wire, not of the text shown. */
  sizeKey: 'raw.sentSize' | 'raw.receivedSize';
  truncated?: boolean;
  filename: string;
  /** The last bytes of a long stream whose middle was not kept. */
  tail?: string | undefined;
  /** Rebuilds the stream's wire form from its events (when the page still holds them). */
  rebuild?: (() => string) | undefined;
}) {
  const t = useT();
  if (text === undefined || text === '') return <p className="muted small">{t('raw.noBody', { label })}</p>;
  if (tail !== undefined) {
    const omitted = Math.max(0, bytes - new TextEncoder().encode(text).length - new TextEncoder().encode(tail).length);
    return (
      <section className="raw-body" aria-label={label}>
        <header className="card-header">
          <h4>{label}</h4>
          <span className="muted small">{t(sizeKey, { size: formatBytes(bytes) })}</span>
          {rebuild ? (
            <button type="button" className="link-button" onClick={() => saveText(filename.replace(/\.json$/, '.sse.txt'), rebuild())}>
              {t('raw.rebuild')}
            </button>
          ) : null}
        </header>
        <p className="notice small" role="note">
          {t('raw.streamCut', { head: formatBytes(text.length), tail: formatBytes(tail.length) })}
        </p>
        <pre className="code-block">
          {text.slice(0, shownChars)}
          {`\n${t('raw.omitted', { size: formatBytes(omitted) })}\n`}
          {tail}
        </pre>
      </section>
    );
  }
  // Re-indenting is for reading; past 2 MB the text is shown as it came, and only its head.
  const display = bytes > largeBodyBytes ? text : prettyBody(text);
  return (
    <section className="raw-body" aria-label={label}>
      <header className="card-header">
        <h4>{label}</h4>
        <span className="muted small">{t(sizeKey, { size: formatBytes(bytes) })}</span>
        {truncated ? <span className="warning small">{t('raw.truncated')}</span> : null}
        <button type="button" className="link-button" onClick={() => saveText(filename, text)}>
          {t('raw.save')}
        </button>
      </header>
      <CappedText text={display} filename={filename} save={false} />
    </section>
  );
}

/** The exchange as it was on the wire (secrets redacted by the core's recorder). */
export function RawView({ record, rebuildStream }: { record: ExchangeRecord; rebuildStream?: (() => string) | undefined }) {
  const t = useT();
  const { request, response } = record;
  return (
    <div className="raw-view">
      {showsRedaction(record) ? (
        <p className="notice small" role="note">
          {t('raw.redactedNote')}
        </p>
      ) : null}
      <section aria-label={t('raw.request')}>
        <h3>{t('raw.request')}</h3>
        <p className="mono request-line-raw">
          {request.httpMethod ? `${request.httpMethod} ` : ''}
          {request.url}
          {request.rpcId !== undefined ? `  (JSON-RPC id ${String(request.rpcId)})` : ''}
        </p>
        <HeaderTable caption={t('raw.requestHeaders')} headers={request.headers} />
        <HeaderTable caption={t('raw.requestMetadata')} headers={request.metadata} />
        <Body
          label={t('raw.requestBody')}
          text={request.body}
          bytes={request.bodyBytes}
          sizeKey="raw.sentSize"
          {...(request.truncated ? { truncated: true } : {})}
          filename="request.json"
        />
      </section>
      {response ? (
        <section aria-label={t('raw.response')}>
          <h3>{t('raw.response')}</h3>
          <HeaderTable caption={t('raw.responseHeaders')} headers={response.headers} />
          <HeaderTable caption={t('raw.trailers')} headers={response.trailers} />
          <Body
            label={t('raw.responseBody')}
            text={response.body}
            bytes={response.bodyBytes}
            sizeKey="raw.receivedSize"
            {...(response.truncated ? { truncated: true } : {})}
            tail={response.bodyTail}
            rebuild={rebuildStream}
            filename="response.json"
          />
        </section>
      ) : (
        <p className="muted">{t('status.noResponse')}</p>
      )}
      {record.warnings.length ? (
        <section aria-label={t('raw.warnings')}>
          <h3>{t('raw.warnings')}</h3>
          <ul>
            {record.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
