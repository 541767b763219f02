/**
 * The raw exchange of one MCP record: each HTTP request/response as sent and received (with the
 * Mcp-Session-Id and MCP-Protocol-Version headers, secrets already redacted by the core), then
 * every JSON-RPC message both ways, then what a stdio server wrote to stderr. The server's questions
 * (elicitations, sampling requests) come first, one line each (what it asked, what it got), as the
 * forms that answered them are gone once the call ends.
 */
import type { McpElicitation } from '../../../../shared/mcp/mcp-elicitation';
import type { McpSampling } from '../../../../shared/mcp/mcp-sampling';
import type { McpAuthChallenge, McpExchangeRecord, McpHttpExchange, McpServerInfo } from '../../../../shared/mcp/mcp-types';
import { useT, type MessageKey } from '../../i18n/i18n';
import { prettyBody } from '../../ui/format';
import { JsonTree } from '../../ui/json-tree';
import { samplingAnswerLine, samplingAskedLine } from './mcp-sampling-fields';

function httpText(exchange: McpHttpExchange): string {
  const lines = [`${exchange.httpMethod} ${exchange.url}`, ...exchange.requestHeaders.map(([n, v]) => `${n}: ${v}`)];
  if (exchange.requestBody) lines.push('', prettyBody(exchange.requestBody));
  lines.push('');
  if (exchange.error) lines.push(`✕ ${exchange.error}`);
  if (exchange.status !== undefined) {
    lines.push(`HTTP ${exchange.status} ${exchange.statusText ?? ''}`.trimEnd(), ...(exchange.responseHeaders ?? []).map(([n, v]) => `${n}: ${v}`));
    if (exchange.responseBody) lines.push('', exchange.contentType?.includes('json') ? prettyBody(exchange.responseBody) : exchange.responseBody);
  }
  return lines.join('\n');
}

const elicitAction: Record<McpElicitation['answer']['action'], MessageKey> = {
  accept: 'mcp.elicit.rec.accepted',
  decline: 'mcp.elicit.rec.declined',
  cancel: 'mcp.elicit.rec.cancelled',
};

const elicitBy: Record<McpElicitation['answeredBy'], MessageKey> = {
  user: 'mcp.sample.by.user',
  preset: 'mcp.sample.by.preset',
  unattended: 'mcp.elicit.rec.unattended',
  timeout: 'mcp.sample.by.timeout',
  stopped: 'mcp.sample.by.stopped',
};

/** Each elicitation: the question, the answer's action and who gave it; a page's URL and whether the server said it was done. */
function ElicitationsView({ elicitations }: { elicitations: McpElicitation[] }) {
  const t = useT();
  return (
    <section aria-label={t('mcp.elicit.recorded')}>
      <h4>{t('mcp.elicit.recorded')}</h4>
      <ol className="mcp-messages">
        {elicitations.map((e, i) => (
          <li key={i}>
            <details>
              <summary className="small">
                <span className="mono">“{e.message}”</span> → {t(elicitAction[e.answer.action])} ({t(elicitBy[e.answeredBy])})
                {e.page ? ` · ${t(e.completedAtMs !== undefined ? 'mcp.elicit.rec.pageDone' : 'mcp.elicit.rec.page')}` : ''}
              </summary>
              {e.page ? <p className="mono small">{e.page.url}</p> : null}
              {e.note ? <p className="muted small">{t('mcp.sample.note', { note: e.note })}</p> : null}
              <pre className="code-block">
                {JSON.stringify(e.page ? { page: e.page, answer: e.answer } : { requestedSchema: e.requestedSchema, answer: e.answer }, null, 2)}
              </pre>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

function SamplingsView({ samplings }: { samplings: McpSampling[] }) {
  const t = useT();
  return (
    <section aria-label={t('mcp.sample.recorded')}>
      <h4>{t('mcp.sample.recorded')}</h4>
      <ol className="mcp-messages">
        {samplings.map((s, i) => (
          <li key={i}>
            <details>
              <summary className="small">
                <span className="mono">“{samplingAskedLine(s.request)}”</span> → {samplingAnswerLine(t, s)}
              </summary>
              {s.note ? <p className="muted small">{t('mcp.sample.note', { note: s.note })}</p> : null}
              <pre className="code-block">{JSON.stringify({ request: s.request, answer: s.answer }, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function McpExchangeView({ record }: { record: McpExchangeRecord }) {
  const t = useT();
  return (
    <div className="mcp-exchange">
      {record.elicitations?.length ? <ElicitationsView elicitations={record.elicitations} /> : null}
      {record.samplings?.length ? <SamplingsView samplings={record.samplings} /> : null}
      <section aria-label={t('mcp.ex.http')}>
        <h4>{t('mcp.ex.http')}</h4>
        {record.http.length === 0 ? <p className="muted small">{t('mcp.ex.noHttp')}</p> : null}
        {record.http.map((exchange) => (
          <details key={exchange.seq} className="mcp-http">
            <summary className="mono small">
              {exchange.httpMethod} {exchange.url} → {exchange.error ? '✕' : (exchange.status ?? '…')}
              {exchange.durationMs !== undefined ? ` · ${exchange.durationMs.toFixed(1)} ms` : ''}
            </summary>
            <pre className="code-block">{httpText(exchange)}</pre>
            {exchange.truncated ? <p className="muted small">{t('mcp.ex.truncated')}</p> : null}
          </details>
        ))}
      </section>
      <section aria-label={t('mcp.ex.messages')}>
        <h4>{t('mcp.ex.messages')}</h4>
        <ol className="mcp-messages">
          {record.messages.map((m) => (
            <li key={m.seq}>
              <details>
                <summary className="mono small">
                  {m.direction === 'sent' ? '→' : '←'} {m.direction === 'sent' ? t('mcp.ex.sent') : t('mcp.ex.received')} · {m.kind}
                  {m.method ? ` · ${m.method}` : ''}
                  {m.id !== undefined ? ` · id ${String(m.id)}` : ''}
                </summary>
                <pre className="code-block">{JSON.stringify(m.message, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      </section>
      {record.stderr ? (
        <section aria-label={t('mcp.ex.stderr')}>
          <h4>{t('mcp.ex.stderr')}</h4>
          <pre className="code-block">{record.stderr}</pre>
        </section>
      ) : null}
    </div>
  );
}

/** What the server said about itself in its initialize answer. */
export function McpServerView({
  server,
  counts,
}: {
  server: McpServerInfo;
  counts?: {
    tools: number;
    resources: number;
    templates: number;
    prompts: number;
  };
}) {
  const t = useT();
  return (
    <section className="mcp-server" aria-label={t('mcp.server.title')}>
      <dl className="mcp-facts">
        <dt>{t('mcp.server.name')}</dt>
        <dd className="mono">{server.name}</dd>
        {server.title ? (
          <>
            <dt>{t('mcp.server.serverTitle')}</dt>
            <dd>{server.title}</dd>
          </>
        ) : null}
        <dt>{t('mcp.server.version')}</dt>
        <dd className="mono">{server.version}</dd>
        <dt>{t('mcp.server.protocol')}</dt>
        <dd className="mono">{server.protocolVersion}</dd>
        <dt>{t('mcp.server.transport')}</dt>
        <dd className="mono">{server.transport}</dd>
        <dt>{t('mcp.server.session')}</dt>
        <dd className="mono">{server.sessionId ?? t('mcp.server.noSession')}</dd>
      </dl>
      {counts ? <p className="muted small">{t('mcp.server.offers', counts)}</p> : null}
      {server.instructions ? (
        <>
          <h4>{t('mcp.server.instructions')}</h4>
          <pre className="code-block mcp-instructions">{server.instructions}</pre>
        </>
      ) : null}
      <h4>{t('mcp.server.capabilities')}</h4>
      <JsonTree value={server.capabilities} label={t('mcp.server.capabilities')} />
    </section>
  );
}

/** A 401: what the server's OAuth metadata asks for, and how to run the flow (OAuth 2.0 under Auth). */
export function McpAuthChallengeView({ challenge }: { challenge: McpAuthChallenge }) {
  const t = useT();
  return (
    <section className="mcp-auth" aria-label={t('mcp.auth.asks')}>
      <h4>{t('mcp.auth.asks')}</h4>
      <dl className="mcp-facts">
        {challenge.wwwAuthenticate ? (
          <>
            <dt>{t('mcp.auth.wwwAuthenticate')}</dt>
            <dd className="mono">{challenge.wwwAuthenticate}</dd>
          </>
        ) : null}
        {challenge.resourceMetadataUrl ? (
          <>
            <dt>{t('mcp.auth.metadataUrl')}</dt>
            <dd className="mono">{challenge.resourceMetadataUrl}</dd>
          </>
        ) : null}
        {challenge.authorizationServers?.length ? (
          <>
            <dt>{t('mcp.auth.servers')}</dt>
            <dd className="mono">{challenge.authorizationServers.join(', ')}</dd>
          </>
        ) : null}
        {challenge.scopes?.length ? (
          <>
            <dt>{t('mcp.auth.scopes')}</dt>
            <dd className="mono">{challenge.scopes.join(' ')}</dd>
          </>
        ) : null}
      </dl>
      {challenge.metadataError ? <p className="warning small">{t('mcp.auth.metadataError', { message: challenge.metadataError })}</p> : null}
      {challenge.resourceMetadata ? <JsonTree value={challenge.resourceMetadata} label={t('mcp.auth.metadata')} /> : null}
      <p className="notice small" role="note">
        {t('mcp.auth.noFlow')}
      </p>
    </section>
  );
}
