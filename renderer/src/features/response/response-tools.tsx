import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { useT } from '../../i18n/i18n';
import { copyText } from '../../ui/download';
import { formatMs } from '../../ui/format';
import { HeaderTable } from './raw-view';
import { findMatches, responseText, timingRows } from './response-text';

const searchedChars = 512 * 1024;

/** "Copy response" and the find box, above the response views. */
export function ResponseTools({
  record,
  query,
  onQuery,
  onStep,
}: {
  record: ExchangeRecord;
  query: string;
  onQuery: (query: string) => void;
  onStep: (delta: number) => void;
}) {
  const t = useT();
  const id = useId();
  const [copied, setCopied] = useState('');
  useEffect(() => setCopied(''), [record.id]);
  const text = useMemo(() => responseText(record), [record]);
  return (
    <div className="response-tools">
      <button type="button" disabled={!text} onClick={() => void copyText(text).then((ok) => setCopied(ok ? t('copy.done') : t('copy.failed')))}>
        {t('copy.button')}
      </button>
      <span role="status" className="muted small">
        {copied}
      </span>
      <label htmlFor={`${id}-find`} className="visually-hidden">
        {t('find.label')}
      </label>
      <input
        id={`${id}-find`}
        type="search"
        placeholder={t('find.placeholder')}
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onStep(e.shiftKey ? -1 : 1);
        }}
        aria-keyshortcuts="Enter Shift+Enter"
        disabled={!text}
      />
    </div>
  );
}

/** The response text with every match marked; Enter / Shift+Enter or the buttons move between them. */
export function FindResults({ record, query, stepRequest }: { record: ExchangeRecord; query: string; stepRequest: { n: number; delta: number } }) {
  const t = useT();
  const text = useMemo(() => responseText(record).slice(0, searchedChars), [record]);
  const matches = useMemo(() => findMatches(text, query), [text, query]);
  const [current, setCurrent] = useState(0);
  const container = useRef<HTMLPreElement>(null);
  useEffect(() => setCurrent(0), [query, record.id]);
  useEffect(() => {
    container.current?.querySelector('mark.current')?.scrollIntoView?.({ block: 'nearest' });
  }, [current, matches]);
  const step = (delta: number): void => {
    if (matches.length) setCurrent((c) => (c + delta + matches.length) % matches.length);
  };
  const lastStep = useRef(stepRequest.n);
  useEffect(() => {
    if (stepRequest.n === lastStep.current) return;
    lastStep.current = stepRequest.n;
    if (matches.length) setCurrent((c) => (c + stepRequest.delta + matches.length) % matches.length);
  }, [stepRequest, matches.length]);
  const pieces: Array<string | { at: number; index: number }> = [];
  let last = 0;
  matches.forEach((at, index) => {
    if (at > last) pieces.push(text.slice(last, at));
    pieces.push({ at, index });
    last = at + query.length;
  });
  pieces.push(text.slice(last));
  return (
    <section className="find-results" aria-label={t('find.region')}>
      <div className="actions">
        <span role="status">{matches.length ? t('find.count', { current: current + 1, count: matches.length }) : t('find.none', { query })}</span>
        <button type="button" onClick={() => step(-1)} disabled={matches.length < 2}>
          {t('find.previous')}
        </button>
        <button type="button" onClick={() => step(1)} disabled={matches.length < 2}>
          {t('find.next')}
        </button>
      </div>
      <pre ref={container} className="code-block" tabIndex={0}>
        {pieces.map((piece, i) =>
          typeof piece === 'string' ? (
            piece
          ) : (
            <mark key={i} className={piece.index === current ? 'current' : undefined}>
              {text.slice(piece.at, piece.at + query.length)}
            </mark>
          ),
        )}
      </pre>
    </section>
  );
}

export function ResponseHeadersView({ record }: { record: ExchangeRecord }) {
  const t = useT();
  const response = record.response;
  if (!response || (!response.headers.length && !response.trailers?.length)) return <p className="muted">{t('headers.none')}</p>;
  return (
    <div className="response-headers">
      <HeaderTable caption={t('raw.responseHeaders')} headers={response.headers} />
      <HeaderTable caption={t('raw.trailers')} headers={response.trailers} />
    </div>
  );
}

/** Where the time went: each known phase, measured from the start of the call. */
export function TimingView({ record }: { record: ExchangeRecord }) {
  const t = useT();
  const rows = timingRows(record);
  return (
    <div className="timing-view">
      <table className="kv-table">
        <caption>{t('timing.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('timing.phase')}</th>
            <th scope="col">{t('timing.at')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.phase}>
              <th scope="row">{t(`timing.${row.phase}`)}</th>
              <td className="mono">{formatMs(row.atMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {record.timings.reusedConnection ? <p className="muted small">{t('timing.reused')}</p> : null}
      <p className="muted small">{t('timing.note')}</p>
    </div>
  );
}
