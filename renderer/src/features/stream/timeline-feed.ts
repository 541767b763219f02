import type { RecordedStreamEvent } from '../../../../shared/a2a/exchange';
import { addEvent } from './timeline-model';
import { timelineFor } from './timelines';

const nextFrame: (fn: () => void) => void =
  typeof requestAnimationFrame === 'function' ? (fn) => requestAnimationFrame(() => fn()) : (fn) => setTimeout(fn, 16);

/** What a run's stream handler does with its events; see `timelineFeed`. */
export interface TimelineFeed {
  /** Folds one data event into the run's timeline now and reports the count by the next frame. */
  add<E extends RecordedStreamEvent>(event: { data: E; readAgain: () => E }): void;
  /** Reports the count now (the stream ended or failed). */
  flush(): void;
}

/**
 * How every run (A2A, plain HTTP, MCP) fills its timeline: each data event is folded at once, and the
 * timeline keeps a way to read it again, never the event (which holds the parsed payload). Events
 * arrive far faster than frames, so the count that makes React look again is reported at most once a
 * frame. `runId` is asked on each event: a host hands the id out with the handle, after `stream()`.
 */
export function timelineFeed(runId: () => string, report: (count: number) => void): TimelineFeed {
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    report(timelineFor(runId()).rows.length);
  };
  return {
    add(event) {
      const { readAgain } = event;
      addEvent(timelineFor(runId()), event.data, () => readAgain().data);
      if (!scheduled) {
        scheduled = true;
        nextFrame(flush);
      }
    },
    flush,
  };
}
