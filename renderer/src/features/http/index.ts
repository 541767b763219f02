// The http feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { openHttpTab } from './http-drafts-store';
export { isHttpOperation, openHttpOperation } from './open-http-operation';
export { openHttpFromHistory } from './open-http-operation';
