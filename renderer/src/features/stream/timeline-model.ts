import type { RecordedStreamEvent } from '../../../../shared/a2a/exchange';
import { isObject, kindFromObjectKind, payloadIds, streamObject, taskStateLabel, type PartView, type StreamObjectKind } from '../../../../shared/a2a/payload';
import { type ArtifactView, toArtifactView, toMessageView } from '../response';
import { mcpEventFacts, type McpProgress } from './mcp-event-summary';

export interface TimelineRow {
  seq: number;
  atMs: number;
  kind: StreamObjectKind | 'error';
  /** What the Kind column shows when the payload is no A2A object: the event's own name (an MCP method, say). */
  label?: string;
  state?: string;
  summary: string;
}

export interface AssembledArtifact extends ArtifactView {
  chunks: number;
  complete: boolean;
}

export interface StateChange {
  state: string;
  seq: number;
  atMs: number;
}

/**
 * Everything the timeline shows, folded one event at a time. It mutates in place on purpose:
 * a 50,000-event stream must not copy arrays per event. Readers watch `version` instead.
 */
export interface Timeline {
  rows: TimelineRow[];
  /**
   * Reads each row's payload again (index-aligned with rows), for the detail pane. Readers, not
   * objects: a 50,000-event stream must not keep every parsed payload alive.
   */
  payloads: Array<() => unknown>;
  states: StateChange[];
  artifacts: AssembledArtifact[];
  /** artifactId → index in `artifacts`: a long stream must not scan the list per event. */
  artifactIndex: Map<string, number>;
  taskId?: string;
  contextId?: string;
  lastState?: string;
  /** A Message arriving after a Task in the same stream (a2a-inspector#153): kept and flagged. */
  messageAfterTask: boolean;
  sawTask: boolean;
  /** The latest payload that named the task, as received: what "Continue" starts from. */
  lastIdsPayload?: unknown;
  /** The latest MCP notifications/progress (a run shows it as a bar while it is open). */
  progress?: McpProgress;
  version: number;
}

export function createTimeline(): Timeline {
  return { rows: [], payloads: [], states: [], artifacts: [], artifactIndex: new Map(), messageAfterTask: false, sawTask: false, version: 0 };
}

function textOf(parts: PartView[]): string {
  const pieces: string[] = [];
  for (const part of parts) {
    if (part.kind === 'text') pieces.push(part.text);
    else if (part.kind === 'data') pieces.push(JSON.stringify(part.data) ?? '');
    else if (part.kind === 'file') pieces.push(part.filename ?? part.url ?? 'file');
    if (pieces.join(' ').length > 160) break;
  }
  return pieces.join(' ').slice(0, 160);
}

function noteState(timeline: Timeline, state: string | undefined, event: RecordedStreamEvent): string | undefined {
  const name = taskStateLabel(state);
  if (!name) return undefined;
  if (timeline.lastState !== name) timeline.states.push({ state: name, seq: event.seq, atMs: event.atMs });
  timeline.lastState = name;
  return name;
}

function noteIds(timeline: Timeline, object: Record<string, unknown>, kind: StreamObjectKind, payload: unknown): void {
  const { taskId, contextId } = payloadIds(kind, object);
  if (taskId) {
    timeline.taskId = taskId;
    timeline.lastIdsPayload = payload;
  }
  if (contextId) timeline.contextId = contextId;
}

// A2A §4 TaskArtifactUpdateEvent: `append` adds parts to the artifact with the same id,
// otherwise the artifact is (re)placed; `lastChunk` marks it complete.
function applyArtifact(timeline: Timeline, update: Record<string, unknown>): ArtifactView | undefined {
  const artifact = toArtifactView(update['artifact']);
  if (!artifact) return undefined;
  const index = timeline.artifactIndex.get(artifact.artifactId);
  const existing = index === undefined ? undefined : timeline.artifacts[index];
  const complete = update['lastChunk'] === true;
  if (existing && update['append'] === true) {
    existing.parts.push(...artifact.parts);
    existing.chunks += 1;
    existing.complete = complete;
    return existing;
  }
  const assembled: AssembledArtifact = { ...artifact, parts: [...artifact.parts], chunks: 1, complete };
  if (index !== undefined) timeline.artifacts[index] = assembled;
  else {
    timeline.artifactIndex.set(assembled.artifactId, timeline.artifacts.length);
    timeline.artifacts.push(assembled);
  }
  return assembled;
}

function applyTaskSnapshot(timeline: Timeline, task: Record<string, unknown>): void {
  // A Task snapshot carries the artifacts assembled so far; take any we have not seen.
  const artifacts = Array.isArray(task['artifacts']) ? task['artifacts'] : [];
  for (const raw of artifacts) {
    const artifact = toArtifactView(raw);
    if (artifact && !timeline.artifactIndex.has(artifact.artifactId)) {
      timeline.artifactIndex.set(artifact.artifactId, timeline.artifacts.length);
      timeline.artifacts.push({ ...artifact, chunks: 1, complete: true });
    }
  }
}

export function addEvent(timeline: Timeline, event: RecordedStreamEvent, readAgain: () => unknown = () => event.data): void {
  timeline.version += 1;
  if (event.error) {
    timeline.rows.push({ seq: event.seq, atMs: event.atMs, kind: 'error', summary: `${event.error.code}: ${event.error.message}` });
    const error = event.error;
    timeline.payloads.push(event.data === undefined ? () => error : readAgain);
    return;
  }
  const unwrapped = streamObject(event.data);
  const kind = kindFromObjectKind(event.objectKind) ?? unwrapped.kind;
  const object = isObject(unwrapped.object) ? unwrapped.object : {};
  noteIds(timeline, object, kind, event.data);
  let state: string | undefined;
  let summary = '';
  switch (kind) {
    case 'task': {
      timeline.sawTask = true;
      const status = isObject(object['status']) ? object['status'] : {};
      state = noteState(timeline, event.state ?? (status['state'] as string | undefined), event);
      applyTaskSnapshot(timeline, object);
      summary = textOf(toMessageView(status['message'])?.parts ?? []);
      break;
    }
    case 'statusUpdate': {
      const status = isObject(object['status']) ? object['status'] : {};
      state = noteState(timeline, event.state ?? (status['state'] as string | undefined), event);
      summary = textOf(toMessageView(status['message'])?.parts ?? []);
      break;
    }
    case 'artifactUpdate': {
      const artifact = applyArtifact(timeline, object);
      const flags = [object['append'] === true ? 'append' : '', object['lastChunk'] === true ? 'lastChunk' : ''].filter(Boolean).join(', ');
      const head = artifact?.name ?? artifact?.artifactId ?? '';
      const parts = toArtifactView(object['artifact'])?.parts ?? [];
      summary = `${head}${flags ? ` (${flags})` : ''}: ${textOf(parts)}`;
      state = event.state ? noteState(timeline, event.state, event) : undefined;
      break;
    }
    case 'message': {
      if (timeline.sawTask) timeline.messageAfterTask = true;
      summary = textOf(toMessageView(object)?.parts ?? []);
      break;
    }
    default:
      summary = (JSON.stringify(event.data) ?? '').slice(0, 160);
  }
  // MCP events carry their method as the event name (notifications/progress, sampling/createMessage…).
  const label = kind === 'unknown' && event.event && event.event !== 'message' && event.event !== 'grpc' ? event.event : undefined;
  const mcp = label ? mcpEventFacts(label, event.data) : undefined;
  if (mcp) {
    summary = mcp.summary;
    if (mcp.state) state = mcp.state;
    if (mcp.progress) timeline.progress = mcp.progress;
  }
  timeline.rows.push({ seq: event.seq, atMs: event.atMs, kind, ...(label ? { label } : {}), ...(state ? { state } : {}), summary });
  timeline.payloads.push(readAgain);
}
