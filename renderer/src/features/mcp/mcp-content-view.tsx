/**
 * MCP results as a person reads them: every content block kind of a tool result (text, image,
 * audio, embedded resource, resource link), structuredContent with its outputSchema verdict,
 * resource contents (text or blob) and prompt messages; a resource link can be read in place. Server data is untrusted: text is shown as
 * text, media only through data: URLs of image/audio types (which never run script).
 */
import { useState } from 'react';
import type { McpOutputCheck, McpOutputCheckReason } from '../../../../shared/mcp/mcp-types';
import { base64DecodedSize } from '../../../../shared/encoding/base64';
import { useT, type MessageKey } from '../../i18n/i18n';
import { base64ToBytes, saveBlob } from '../../ui/download';
import { formatBytes } from '../../ui/format';
import { JsonTree } from '../../ui/json-tree';
import { JsonBody } from '../../ui/json-body';
import { bodyView } from '../../../../shared/http/media-kind';
import { SchemaCheckNote } from '../../ui/schema-check-note';
import { CoreErrorDetail } from '../../ui/error-note';
import { coreErrorText } from '../../i18n/core-errors';
import { outcomeLine } from './mcp-outcome';
import type { McpLinkRead } from './mcp-runs';
import { isObject } from '../../../../shared/a2a/payload';

type Json = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Only plain image/audio media types go into a data: URL (an SVG in <img> cannot script, but keep it narrow). */
const safeMedia = (mime: string, kind: 'image' | 'audio'): boolean => new RegExp(`^${kind}/[\\w.+-]+$`, 'i').test(mime);

function fileNameOf(uri: string): string {
  const last = uri.split(/[/\\]/).filter(Boolean).pop();
  return last && last.length < 120 ? last : 'resource';
}

function BlobView({ base64, mime, uri }: { base64: string; mime: string; uri: string }) {
  const t = useT();
  return (
    <div className="mcp-blob">
      {safeMedia(mime, 'image') ? <img alt={t('mcp.resp.imageAlt', { type: mime })} src={`data:${mime};base64,${base64}`} /> : null}
      <span className="muted small">{t('mcp.resp.blob', { size: formatBytes(base64DecodedSize(base64)) })}</span>{' '}
      <button
        type="button"
        className="small"
        onClick={() =>
          saveBlob(
            fileNameOf(uri),
            new Blob([base64ToBytes(base64) as Uint8Array<ArrayBuffer>], {
              type: mime || 'application/octet-stream',
            }),
          )
        }
      >
        {t('mcp.resp.save')}
      </button>
    </div>
  );
}

/** One resource content item ({uri, mimeType, text | blob}); JSON text (by its mimeType) is shown as JSON. */
export function ResourceContent({ item }: { item: Json }) {
  const uri = str(item['uri']);
  const mime = str(item['mimeType']);
  return (
    <div className="mcp-resource-content">
      <p className="mono small">
        {uri}
        {mime ? <span className="muted"> · {mime}</span> : null}
      </p>
      {typeof item['text'] === 'string' ? (
        // JSON text reads as JSON (pretty, with Raw); text its mimeType calls JSON that does not parse is
        // shown as it came, with the note an HTTP body gets (the result is parsed whole: nothing is cut).
        bodyView(mime) === 'json' ? (
          <JsonBody text={item['text']} declaredBy="mimeType" />
        ) : (
          <pre className="code-block">{item['text']}</pre>
        )
      ) : null}
      {typeof item['blob'] === 'string' ? <BlobView base64={item['blob']} mime={mime} uri={uri} /> : null}
    </div>
  );
}

/** Reads a resource_link's URI from the server that returned it. */
export type ReadLink = (uri: string) => Promise<McpLinkRead>;

type LinkState = { status: 'idle' } | { status: 'reading' } | { status: 'done'; read: McpLinkRead };

/** What one Read of a link gave: the contents, or why there are none (server error, refusal). */
function LinkReadView({ uri, read }: { uri: string; read: McpLinkRead }) {
  const t = useT();
  if (!read.ok) {
    return (
      <div className="small" role="alert">
        <p className="error">{t('mcp.resp.notRun', { summary: coreErrorText(t, read.error).summary })}</p>
        <CoreErrorDetail error={read.error} />
      </div>
    );
  }
  const { record } = read;
  const contents = record.outcome.kind === 'result' && isObject(record.outcome.result) ? record.outcome.result['contents'] : undefined;
  if (record.outcome.kind !== 'result' || !Array.isArray(contents)) {
    const line = record.outcome.kind === 'result' ? { text: t('mcp.resp.linkNoContents') } : outcomeLine(t, record.method, record.outcome);
    return (
      <p className="error small" role="alert">
        {line.text}
      </p>
    );
  }
  return (
    <ol className="mcp-blocks" aria-label={t('mcp.resp.linkContents', { uri })}>
      {contents.map((item, i) => (
        <li key={i}>{isObject(item) ? <ResourceContent item={item} /> : <JsonTree value={item} label={t('mcp.resp.contents')} />}</li>
      ))}
    </ol>
  );
}

/** A resource_link block: what it points at, and "Read" showing the resource right under it. */
function ResourceLink({ block, readLink }: { block: Json; readLink?: ReadLink | undefined }) {
  const t = useT();
  const [state, setState] = useState<LinkState>({ status: 'idle' });
  const uri = str(block['uri']);
  const read = async (): Promise<void> => {
    if (!readLink) return;
    setState({ status: 'reading' });
    setState({ status: 'done', read: await readLink(uri) });
  };
  return (
    <div>
      <p className="small">
        <span className="mono">{uri}</span>
        {block['name'] ? <span> · {str(block['name'])}</span> : null}
        {block['mimeType'] ? <span className="muted"> · {str(block['mimeType'])}</span> : null}
        {block['description'] ? <span className="muted"> — {str(block['description'])}</span> : null}{' '}
        {readLink && uri ? (
          <button
            type="button"
            className="small"
            aria-label={t('mcp.resp.readLink', { uri })}
            disabled={state.status === 'reading'}
            onClick={() => void read()}
          >
            {t('mcp.readResource')}
          </button>
        ) : null}
      </p>
      {state.status === 'reading' ? (
        <p className="muted small" role="status">
          {t('mcp.resp.linkReading', { uri })}
        </p>
      ) : null}
      {state.status === 'done' ? <LinkReadView uri={uri} read={state.read} /> : null}
    </div>
  );
}

interface BlockProps {
  block: unknown;
  index: number;
  readLink?: ReadLink | undefined;
}

/** One content block of a tool result or prompt message. */
export function ContentBlock({ block, index, readLink }: BlockProps) {
  const t = useT();
  if (!isObject(block)) return <JsonTree value={block} label={t('mcp.resp.block', { n: index + 1, type: typeof block })} />;
  const type = str(block['type']) || '?';
  const label = t('mcp.resp.block', { n: index + 1, type });
  let body;
  switch (type) {
    case 'text':
      body = <pre className="code-block">{str(block['text'])}</pre>;
      break;
    case 'image': {
      const mime = str(block['mimeType']);
      const data = str(block['data']);
      body = safeMedia(mime, 'image') ? (
        <img className="mcp-image" alt={t('mcp.resp.imageAlt', { type: mime })} src={`data:${mime};base64,${data}`} />
      ) : (
        <BlobView base64={data} mime={mime} uri="image" />
      );
      break;
    }
    case 'audio': {
      const mime = str(block['mimeType']);
      const data = str(block['data']);
      body = safeMedia(mime, 'audio') ? (
        <>
          <audio controls aria-label={t('mcp.resp.audio', { type: mime })} src={`data:${mime};base64,${data}`} />
          <BlobView base64={data} mime={mime} uri="audio" />
        </>
      ) : (
        <BlobView base64={data} mime={mime} uri="audio" />
      );
      break;
    }
    case 'resource': {
      const resource = isObject(block['resource']) ? block['resource'] : {};
      body = (
        <div aria-label={t('mcp.resp.embedded', { uri: str(resource['uri']) })} role="group">
          <ResourceContent item={resource} />
        </div>
      );
      break;
    }
    case 'resource_link':
      body = <ResourceLink block={block} readLink={readLink} />;
      break;
    default:
      body = <JsonTree value={block} label={label} />;
  }
  return (
    <li className="mcp-block" aria-label={label}>
      <span className="tab-kind">{type}</span>
      {body}
    </li>
  );
}

function ContentList({ content, readLink }: { content: unknown; readLink?: ReadLink | undefined }) {
  const t = useT();
  const blocks = Array.isArray(content) ? content : [];
  if (!blocks.length) return <p className="muted small">{t('mcp.resp.noContent')}</p>;
  return (
    <ol className="mcp-blocks" aria-label={t('mcp.resp.content')}>
      {blocks.map((block, i) => (
        <ContentBlock key={i} block={block} index={i} readLink={readLink} />
      ))}
    </ol>
  );
}

/** The core's English notes are for the CLI; the page says the same in its own language. */
const outputCheckReasons: Record<McpOutputCheckReason, MessageKey> = {
  noSchema: 'mcp.resp.check.noSchema',
  toolError: 'mcp.resp.check.toolError',
  noStructured: 'mcp.resp.check.noStructured',
  schemaUnusable: 'mcp.resp.check.schemaUnusable',
};

export function OutputCheckNote({ check }: { check: McpOutputCheck }) {
  const t = useT();
  const key =
    check.verdict === 'ok'
      ? 'mcp.resp.check.ok'
      : check.verdict === 'violations'
        ? 'mcp.resp.check.violations'
        : check.verdict === 'missing'
          ? 'mcp.resp.check.missing'
          : 'mcp.resp.check.unchecked';
  return (
    <SchemaCheckNote
      verdict={check.verdict === 'ok' || check.verdict === 'unchecked' ? check.verdict : 'problem'}
      title={t(key)}
      violations={check.violations}
      notes={check.reason ? [t(outputCheckReasons[check.reason], { detail: check.detail ?? '' })] : check.notes}
    />
  );
}

interface ResultProps {
  method: string;
  result: unknown;
  check?: McpOutputCheck | undefined;
  readLink?: ReadLink | undefined;
}

/** The `result` of a call, shaped by its method; anything else is shown as a JSON tree. */
export function McpResultView({ method, result, check, readLink }: ResultProps) {
  const t = useT();
  const r = isObject(result) ? result : {};
  if (method === 'tools/call') {
    return (
      <div className="mcp-result">
        <ContentList content={r['content']} readLink={readLink} />
        {'structuredContent' in r ? (
          <section aria-label={t('mcp.resp.structured')}>
            <h4>{t('mcp.resp.structured')}</h4>
            <JsonTree value={r['structuredContent']} label={t('mcp.resp.structured')} />
          </section>
        ) : null}
        {check ? <OutputCheckNote check={check} /> : null}
      </div>
    );
  }
  if (method === 'resources/read' && Array.isArray(r['contents'])) {
    return (
      <ol className="mcp-blocks" aria-label={t('mcp.resp.contents')}>
        {r['contents'].map((item, i) => (
          <li key={i}>{isObject(item) ? <ResourceContent item={item} /> : <JsonTree value={item} label={t('mcp.resp.contents')} />}</li>
        ))}
      </ol>
    );
  }
  if (method === 'prompts/get' && Array.isArray(r['messages'])) {
    return (
      <div className="mcp-result">
        {typeof r['description'] === 'string' ? <p className="muted">{r['description']}</p> : null}
        <ol className="mcp-blocks" aria-label={t('mcp.resp.messages')}>
          {r['messages'].map((message, i) => {
            const m = isObject(message) ? message : {};
            return (
              <li key={i}>
                <p className="small">{t('mcp.resp.role', { role: str(m['role']) })}</p>
                <ul className="mcp-blocks">
                  <ContentBlock block={m['content']} index={0} readLink={readLink} />
                </ul>
              </li>
            );
          })}
        </ol>
      </div>
    );
  }
  return <JsonTree value={result} label={t('mcp.resp.json')} />;
}
