// The http feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { openHttpTab } from './http-drafts-store';
export { isHttpOperation, openHttpOperation, runHttpOperation } from './open-http-operation';
export { HttpRecordSummary, RawExchange as HttpRawExchange } from './http-response-panel';
export { openHttpFromHistory } from './open-http-operation';
export { onHttpRunDone } from './http-runs';
