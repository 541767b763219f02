/**
 * What an MCP event's row says on the stream timeline. The raw JSON-RPC message, cut to one line,
 * read as `{"jsonrpc":"2.0","meth…`: the row says what the message means instead (progress as
 * "4/10 · step 4", a log message as "info: text", anything else its method and short params), and
 * the detail pane still shows the whole message.
 */
import { isObject } from '../../../../shared/a2a/payload';

/** A row's Summary is one line; past this it is cut (the detail pane has everything). */
const maxSummary = 160;

export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface McpEventFacts {
  summary: string;
  /** The State column: a progress percentage, a log level. */
  state?: string;
  progress?: McpProgress;
}

function cut(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > maxSummary ? `${line.slice(0, maxSummary - 1)}…` : line;
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** `uri: mem://a, error: …`: an object's fields as short text (`_meta` left out: it is bookkeeping). */
export function shortParams(params: unknown): string {
  if (params === undefined) return '';
  if (!isObject(params)) return cut(valueText(params));
  const parts: string[] = [];
  let length = 0;
  for (const key of Object.keys(params)) {
    if (key === '_meta') continue;
    const part = `${key}: ${valueText(Object.getOwnPropertyDescriptor(params, key)?.value)}`;
    parts.push(part);
    length += part.length;
    if (length > maxSummary) break;
  }
  return cut(parts.join(', '));
}

function progressOf(params: Record<string, unknown>): McpProgress | undefined {
  const progress = params['progress'];
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return undefined;
  const total = params['total'];
  const message = params['message'];
  return {
    progress,
    ...(typeof total === 'number' && Number.isFinite(total) && total > 0 ? { total } : {}),
    ...(typeof message === 'string' && message ? { message } : {}),
  };
}

/**
 * The row for an MCP event named `name` (its method, or a `watch/…` event of the app's own), or
 * undefined when the data is no MCP message (the timeline's generic row applies).
 */
export function mcpEventFacts(name: string, data: unknown): McpEventFacts | undefined {
  if (!isObject(data)) return undefined;
  if (name.startsWith('watch/')) return { summary: shortParams(data) };
  const method = data['method'];
  if (typeof method !== 'string' || data['jsonrpc'] !== '2.0') return undefined;
  const params = isObject(data['params']) ? data['params'] : {};
  if (method === 'notifications/progress') {
    const progress = progressOf(params);
    if (progress) {
      const count = progress.total !== undefined ? `${progress.progress}/${progress.total}` : String(progress.progress);
      return {
        summary: cut(progress.message ? `${count} · ${progress.message}` : count),
        ...(progress.total !== undefined ? { state: `${Math.round(Math.min(1, progress.progress / progress.total) * 100)}%` } : {}),
        progress,
      };
    }
  }
  if (method === 'notifications/message' && typeof params['level'] === 'string') {
    const logger = typeof params['logger'] === 'string' && params['logger'] ? ` (${params['logger']})` : '';
    return { summary: cut(`${params['level']}: ${valueText(params['data'])}${logger}`), state: params['level'] };
  }
  const short = shortParams(data['params']);
  return { summary: cut(short ? `${method} ${short}` : method) };
}
