/**
 * JSON text shown pretty (indented, or as the collapsible tree when large) with a Raw toggle; text
 * that does not parse is shown as it is. HTTP response bodies and MCP resource contents use it.
 */
import { useMemo, useState } from 'react';
import { useT, type MessageKey } from '../i18n/i18n';
import { JsonTree } from './json-tree';

/**
 * From this size the pretty view is the collapsible tree: re-indenting a 4 MB body into one <pre>
 * kept the page's main thread busy for seconds, while the tree lays out only its first levels.
 */
const treeFromChars = 256 * 1024;

/** What declared a text JSON: an HTTP answer's Content-Type, an MCP resource's mimeType. */
export type JsonDeclaredBy = 'contentType' | 'mimeType';

const notJsonKeys: Record<JsonDeclaredBy, MessageKey> = { contentType: 'http.resp.notJson', mimeType: 'mcp.resp.notJson' };

/** Text declared JSON that does not parse says so, with the parser's reason, wherever it is shown. */
function NotJsonNote({ declaredBy, message }: { declaredBy: JsonDeclaredBy; message: string }) {
  const t = useT();
  return (
    <p className="notice small" role="note">
      {t(notJsonKeys[declaredBy], { message })}
    </p>
  );
}

/**
 * `declaredBy`: what said the text is JSON, given when the text is all there (not cut at a limit), so
 * text that does not parse gets the note; without it such text is shown as it is, silently.
 */
export function JsonBody({ text, declaredBy }: { text: string; declaredBy?: JsonDeclaredBy | undefined }) {
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
        {declaredBy ? <NotJsonNote declaredBy={declaredBy} message={parsed.message} /> : null}
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
