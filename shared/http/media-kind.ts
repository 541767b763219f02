/** How a body is shown, from its media type: the views pick JSON, text, image, HTML source or hex. */
import { essence } from './declared-response';

export type BodyView = 'json' | 'html' | 'xml' | 'text' | 'image' | 'event-stream' | 'binary';

export function bodyView(contentType: string | undefined): BodyView {
  const type = essence(contentType);
  if (type === '') return 'text';
  if (type === 'text/event-stream') return 'event-stream';
  if (type === 'application/json' || type.endsWith('+json') || type === 'text/json') return 'json';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return type === 'image/svg+xml' ? 'image' : 'xml';
  // SVG can carry script: it is shown as an image (an <img> never runs it), never inlined.
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('text/')) return 'text';
  if (
    [
      'application/javascript',
      'application/ecmascript',
      'application/x-www-form-urlencoded',
      'application/yaml',
      'application/x-yaml',
      'application/graphql',
      'application/sql',
      'application/toml',
    ].includes(type)
  )
    return 'text';
  return 'binary';
}

/** Bodies recorded as text; the rest are kept as bytes (base64). No media type: text. */
export function isTextualMediaType(contentType: string | undefined): boolean {
  const view = bodyView(contentType);
  return view !== 'image' && view !== 'binary';
}

/** One parameter of a media type (`boundary`, `charset`), quoted or bare; undefined when absent. */
export function mediaTypeParam(contentType: string | undefined, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]+)"|([^;\\s]+))`, 'i').exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

/** The `charset` a Content-Type declares (`iso-8859-1`, `Shift_JIS`), as written; undefined when none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  return mediaTypeParam(contentType, 'charset');
}
