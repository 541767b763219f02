// The stream feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { StreamTimeline } from './stream-timeline';
export { RunProgress } from './run-progress';
export { addEvent } from './timeline-model';
export { timelineFeed } from './timeline-feed';
export { dropTimeline, peekTimeline, rebuildStream, reduceTimeline, timelineFor } from './timelines';
