import type { Timeline } from './timeline-model';
import { createTimeline } from './timeline-model';

/**
 * Timelines live outside the stores: they are large, mutable and appended to thousands of times a
 * second. Stores only carry the counters that tell React to look again.
 */
const timelines = new Map<string, Timeline>();

export function timelineFor(runId: string): Timeline {
  let timeline = timelines.get(runId);
  if (!timeline) {
    timeline = createTimeline();
    timelines.set(runId, timeline);
  }
  return timeline;
}

export function peekTimeline(runId: string): Timeline | undefined {
  return timelines.get(runId);
}

export function dropTimeline(runId: string): void {
  timelines.delete(runId);
}

/**
 * Keeps what a reduced run still needs (task and context ids, state changes, what Continue starts
 * from) and lets go of the rows, payload readers and assembled artifacts.
 */
export function reduceTimeline(runId: string): void {
  const timeline = timelines.get(runId);
  if (!timeline) return;
  timeline.rows = [];
  timeline.payloads = [];
  timeline.artifacts = [];
  timeline.artifactIndex = new Map();
  timeline.version += 1;
}

/**
 * The stream's wire form rebuilt from its events (one SSE `data:` frame per event, JSON
 * re-serialised): the raw text of a long stream keeps only its head and tail.
 */
export function rebuildStream(runId: string): string {
  const timeline = timelines.get(runId);
  if (!timeline) return '';
  const frames: string[] = [];
  for (const read of timeline.payloads) frames.push(`data: ${JSON.stringify(read())}\n\n`);
  return frames.join('');
}
