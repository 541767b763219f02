// The mcp feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { isMcpOperation, openMcpOperation } from './open-mcp-operation';
export { openMcpFromHistory } from './open-mcp-operation';
export { McpExchangeView } from './mcp-exchange-view';
export { onMcpRunDone } from './mcp-runs';
