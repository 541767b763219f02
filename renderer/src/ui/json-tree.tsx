import { memo, useState } from 'react';
import { useT } from '../i18n/i18n';

const pageSize = 200;

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="jt-string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="jt-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="jt-bool">{String(value)}</span>;
  if (value === null) return <span className="jt-null">null</span>;
  return <span className="jt-null">{String(value)}</span>;
}

interface NodeProps {
  name?: string;
  value: unknown;
  depth: number;
}

/**
 * One key/value row. Children are only rendered when expanded, and long arrays/objects page in
 * 200 at a time, so a huge document costs what is on screen rather than its size.
 */
const JsonNode = memo(function JsonNode({ name, value, depth }: NodeProps) {
  const t = useT();
  const entries = isContainer(value) ? (Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value)) : [];
  const [open, setOpen] = useState(depth < 3 && entries.length <= 50);
  const [shown, setShown] = useState(pageSize);
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
  const brackets = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const count = Array.isArray(value) ? t('json.items', { count: entries.length }) : t('json.keys', { count: entries.length });
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
      {open ? (
        <>
          <ul className="jt-children" role="group">
            {entries.slice(0, shown).map(([k, v]) => (
              <JsonNode key={k} name={k} value={v} depth={depth + 1} />
            ))}
            {entries.length > shown ? (
              <li className="jt-row">
                <button type="button" className="link-button" onClick={() => setShown(shown + pageSize)}>
                  {t('json.showMore', { count: Math.min(pageSize, entries.length - shown), remaining: entries.length - shown })}
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
  return (
    <ul className="json-tree" aria-label={label}>
      <JsonNode value={value} depth={0} />
    </ul>
  );
}
