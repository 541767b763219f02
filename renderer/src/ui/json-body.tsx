/**
 * JSON text shown pretty (indented, or as the collapsible tree when large) with a Raw toggle; text
 * that does not parse is shown as it is. HTTP response bodies and MCP resource contents use it.
 */
import { useMemo, useState } from 'react';
import { useT } from '../i18n/i18n';
import { JsonTree } from './json-tree';

/**
 * From this size the pretty view is the collapsible tree: re-indenting a 4 MB body into one <pre>
 * kept the page's main thread busy for seconds, while the tree lays out only its first levels.
 */
const treeFromChars = 256 * 1024;

/** `noteIfInvalid`: the text was declared JSON and is all there, so text that does not parse says so, with the parser's reason. */
export function JsonBody({ text, noteIfInvalid = false }: { text: string; noteIfInvalid?: boolean }) {
  const t = useT();
  const [raw, setRaw] = useState(false);
  const parsed = useMemo(() => {
    try {
      return { ok: true as const, value: JSON.parse(text) as unknown };
    } catch (e) {
      return { ok: false as const, message: e instanceof Error ? e.message : String(e) };
    }
  }, [text]);
  if (!parsed.ok)
    return (
      <>
        {noteIfInvalid ? (
          <p className="notice small" role="note">
            {t('http.resp.notJson', { message: parsed.message })}
          </p>
        ) : null}
        <pre className="code-block tall">{text}</pre>
      </>
    );
  return (
    <div>
      <div className="actions">
        <button type="button" aria-pressed={!raw} onClick={() => setRaw(false)}>
          {t('http.resp.pretty')}
        </button>
        <button type="button" aria-pressed={raw} onClick={() => setRaw(true)}>
          {t('http.resp.raw')}
        </button>
      </div>
      {raw ? (
        <pre className="code-block tall">{text}</pre>
      ) : text.length > treeFromChars ? (
        <JsonTree value={parsed.value} label={t('http.resp.pretty')} />
      ) : (
        <pre className="code-block tall" aria-label={t('http.resp.pretty')}>
          {JSON.stringify(parsed.value, null, 2)}
        </pre>
      )}
    </div>
  );
}
