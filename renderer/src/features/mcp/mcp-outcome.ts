/**
 * One line saying how an MCP exchange ended, and its tone: a result, a tool error (isError), a
 * JSON-RPC error, a 401 with what it asks for, an HTTP or transport failure, or a Stop.
 */
import type { McpOutcome } from '../../../../shared/mcp/mcp-types';
import { coreErrorText } from '../../i18n/core-errors';
import type { Translate } from '../../i18n/i18n';

export function outcomeLine(t: Translate, method: string, outcome: McpOutcome): { text: string; tone: string } {
  switch (outcome.kind) {
    case 'result':
      return { text: t('mcp.resp.ok', { method }), tone: 'tone-ok' };
    case 'tool-error':
      return { text: t('mcp.resp.toolError'), tone: 'tone-error' };
    case 'rpc-error':
      return {
        text: t('mcp.resp.rpcError', {
          code: outcome.code,
          message: outcome.message,
        }),
        tone: 'tone-error',
      };
    case 'auth-required':
      return {
        text: t('mcp.resp.authRequired', { status: outcome.challenge.status }),
        tone: 'tone-error',
      };
    case 'http-error':
      return {
        text: t('mcp.resp.httpError', {
          status: outcome.status,
          message: outcome.message,
        }),
        tone: 'tone-error',
      };
    case 'transport-error':
      return {
        text: t('mcp.resp.transportError', { summary: coreErrorText(t, outcome).summary }),
        tone: 'tone-error',
      };
    case 'cancelled':
      return {
        text: t('mcp.resp.cancelled', { message: outcome.message }),
        tone: 'tone-warn',
      };
  }
}
