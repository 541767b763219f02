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
