import { memo, useMemo, useState } from 'react';
import { useT } from '../i18n/i18n';
import { childCount, childPath, initiallyOpen, isContainer, jsonPageSize, nextPage, stringPreviewChars, visibleChildren } from './json-tree-model';

function Scalar({ value }: { value: unknown }) {
  const t = useT();
  const [whole, setWhole] = useState(false);
  if (typeof value === 'string') {
    // A multi-megabyte string (base64, a log) would be laid out as one giant line: its head first.
    if (value.length > stringPreviewChars && !whole) {
      return (
        <>
          <span className="jt-string">{JSON.stringify(value.slice(0, stringPreviewChars)).slice(0, -1)}…</span>{' '}
          <button type="button" className="link-button" onClick={() => setWhole(true)}>
            {t('json.showString', { count: value.length - stringPreviewChars })}
          </button>
        </>
      );
    }
    return <span className="jt-string">{JSON.stringify(value)}</span>;
  }
  if (typeof value === 'number') return <span className="jt-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="jt-bool">{String(value)}</span>;
  if (value === null) return <span className="jt-null">null</span>;
  return <span className="jt-null">{String(value)}</span>;
}

interface NodeProps {
  name?: string;
  value: unknown;
  path: string;
  /** The containers that start open (the first levels, within a row budget: see `initiallyOpen`). */
  autoOpen: ReadonlySet<string>;
}

/**
 * One key/value row. Children are listed only while open, and a page (100) at a time, so a huge
 * document costs what is on screen rather than its size.
 */
const JsonNode = memo(function JsonNode({ name, value, path, autoOpen }: NodeProps) {
  const t = useT();
  const [open, setOpen] = useState(() => autoOpen.has(path));
  const [shown, setShown] = useState(jsonPageSize);
  const key =
    name !== undefined ? (
      <>
        <span className="jt-key">{name}</span>
        <span className="jt-punct">: </span>
      </>
    ) : null;
  if (!isContainer(value)) {
    return (
      <li className="jt-row">
        {key}
        <Scalar value={value} />
      </li>
    );
  }
  const total = childCount(value);
  const brackets = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  // Nothing to open: `{}` or `[]` on the key's line, as JSON writes it (an open, empty container put its
  // closing bracket on a line of its own, and "0 keys" says less than the brackets do).
  if (total === 0) {
    return (
      <li className="jt-row">
        {key}
        <span className="jt-punct">{brackets.join('')}</span>
      </li>
    );
  }
  const count = Array.isArray(value) ? t('json.items', { count: total }) : t('json.keys', { count: total });
  const page = open ? nextPage(total, shown) : undefined;
  return (
    <li className="jt-row">
      <button type="button" className="jt-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {key}
        <span className="jt-punct">{brackets[0]}</span>
        {open ? null : (
          <>
            <span className="jt-count">{count}</span>
            <span className="jt-punct">{brackets[1]}</span>
          </>
        )}
      </button>
      {page ? (
        <>
          <ul className="jt-children" role="group">
            {visibleChildren(value, page.shown).map(([k, v]) => (
              <JsonNode key={k} name={k} value={v} path={childPath(path, k)} autoOpen={autoOpen} />
            ))}
            {page.more ? (
              <li className="jt-row">
                <button type="button" className="link-button" onClick={() => setShown(page.shown + jsonPageSize)}>
                  {t('json.showMore', page.more)}
                </button>
              </li>
            ) : null}
          </ul>
          <span className="jt-punct">{brackets[1]}</span>
        </>
      ) : null}
    </li>
  );
});

export function JsonTree({ value, label }: { value: unknown; label: string }) {
  const autoOpen = useMemo(() => initiallyOpen(value), [value]);
  return (
    <ul className="json-tree" aria-label={label}>
      <JsonNode value={value} path="" autoOpen={autoOpen} />
    </ul>
  );
}
