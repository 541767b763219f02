import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedStreamEvent } from '../../../../shared/a2a/exchange';
import { timelineFeed } from './timeline-feed';
import { dropTimeline, timelineFor } from './timelines';

const event = (seq: number): RecordedStreamEvent => ({
  seq,
  atMs: seq,
  event: 'message',
  data: { kind: 'status-update', taskId: 't', status: { state: 'working' } },
});

afterEach(() => dropTimeline('feed-run'));

describe('timeline feed (every run kind fills its timeline this way)', () => {
  it('folds each event at once, reports the count once a frame, and keeps a reader rather than the event', async () => {
    const counts: number[] = [];
    let reads = 0;
    const feed = timelineFeed(
      () => 'feed-run',
      (count) => counts.push(count),
    );
    for (let seq = 0; seq < 5; seq++) {
      const data = event(seq);
      feed.add({
        data,
        readAgain: () => {
          reads += 1;
          return data;
        },
      });
    }
    expect(timelineFor('feed-run').rows).toHaveLength(5);
    // Nothing re-renders per event: one report, a frame later.
    expect(counts).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(counts).toEqual([5]);
    // The timeline's detail pane reads the payload again through the reader it was given.
    expect(timelineFor('feed-run').payloads[2]?.()).toEqual(event(2).data);
    expect(reads).toBe(1);
    // The end reports at once.
    feed.add({ data: event(5), readAgain: () => event(5) });
    feed.flush();
    expect(counts).toEqual([5, 6]);
  });
});
