// The response feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { toArtifactView, toMessageView } from './a2a-objects';
export type { ArtifactView } from './a2a-objects';
export { LargeBody, largeBodyBytes } from './large-body';
export { OutcomeBadge, StatusLine } from './outcome-summary';
export { ArtifactCard } from './part-view';
export { PrettyView } from './pretty-view';
export { CappedText, RawView } from './raw-view';
export { runFacts } from './run-facts';
export type { RunFacts } from './run-facts';
export { runsToReduce, useRunsStore } from './runs-store';
export type { Run, RunPurpose } from './runs-store';
export { StateBadge } from './task-card';
