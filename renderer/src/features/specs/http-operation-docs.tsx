import type { HttpDocMedia, HttpOperationDocs } from '../../../../shared/openapi/http-docs';
import { useT } from '../../i18n/i18n';
import { prettyJson } from '../../ui/format';
import { SchemaDetails } from './schema-details';

function MediaDocs({ media }: { media: HttpDocMedia }) {
  const t = useT();
  const exampleText = typeof media.example === 'string' && !/json/i.test(media.mediaType) ? media.example : prettyJson(media.example);
  return (
    <div className="docs-media">
      <p className="mono small">{media.mediaType}</p>
      {media.schema ? <SchemaDetails label={t('docs.schema')} schema={media.schema} /> : null}
      {media.itemSchema ? (
        <details>
          <summary>{t('docs.itemSchema')}</summary>
          <pre className="code-block">{prettyJson(media.itemSchema.schema)}</pre>
        </details>
      ) : null}
      {media.example !== undefined ? (
        <>
          <p className="muted small">{t('docs.example')}</p>
          <pre className="code-block">{exampleText}</pre>
        </>
      ) : null}
    </div>
  );
}

/** What a plain HTTP operation declares: servers, parameters, body, responses and security. */
export function HttpOperationSections({ http, requestLine }: { http: HttpOperationDocs; requestLine?: string | undefined }) {
  const t = useT();
  return (
    <>
      {requestLine ? (
        <section className="section" aria-labelledby="docs-example-request">
          <h3 id="docs-example-request">{t('docs.exampleRequest')}</h3>
          <p className="mono">{requestLine}</p>
        </section>
      ) : null}
      {http.servers.length ? (
        <section className="section" aria-labelledby="docs-servers">
          <h3 id="docs-servers">{t('docs.servers')}</h3>
          <ul>
            {http.servers.map((s) => (
              <li key={s.url}>
                <code>{s.url}</code>
                {s.description ? ` — ${s.description}` : null}
                {s.variables.length ? (
                  <ul>
                    {s.variables.map((v) => (
                      <li key={v.name} className="small">
                        <code>{`{${v.name}}`}</code> = <code>{v.default}</code>
                        {v.enum ? ` (${v.enum.join(', ')})` : null}
                        {v.description ? ` — ${v.description}` : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {http.parameters.length ? (
        <section className="section" aria-labelledby="docs-parameters">
          <h3 id="docs-parameters">{t('docs.parameters')}</h3>
          <table className="table" aria-labelledby="docs-parameters">
            <thead>
              <tr>
                <th scope="col">{t('docs.paramIn')}</th>
                <th scope="col">{t('docs.paramName')}</th>
                <th scope="col">{t('docs.paramRequired')}</th>
                <th scope="col">{t('docs.paramStyle')}</th>
                <th scope="col">{t('docs.paramSchema')}</th>
                <th scope="col">{t('docs.paramExample')}</th>
              </tr>
            </thead>
            <tbody>
              {http.parameters.map((p) => (
                <tr key={`${p.in}:${p.name}`}>
                  <td>{p.in}</td>
                  <th scope="row" className="mono">
                    {p.name}
                    {p.description ? <div className="muted small">{p.description}</div> : null}
                  </th>
                  <td>{p.required ? t('docs.yes') : t('docs.no')}</td>
                  <td className="mono">
                    {p.style}
                    {p.explode ? `, ${t('docs.explode')}` : ''}
                  </td>
                  <td className="mono small">{p.schema === undefined ? '' : JSON.stringify(p.schema)}</td>
                  <td className="mono">{p.example}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {http.requestBody ? (
        <section className="section" aria-labelledby="docs-request-body">
          <h3 id="docs-request-body">
            {t('docs.requestBody')} {http.requestBody.required ? t('docs.bodyRequired') : null}
          </h3>
          {http.requestBody.description ? <p>{http.requestBody.description}</p> : null}
          {http.requestBody.content.map((m) => (
            <MediaDocs key={m.mediaType} media={m} />
          ))}
        </section>
      ) : null}
      {http.responses.length ? (
        <section className="section" aria-labelledby="docs-responses">
          <h3 id="docs-responses">{t('docs.responses')}</h3>
          {http.responses.map((r) => (
            <div key={r.status}>
              <h4>
                <span className="mono">{r.status}</span>
                {r.description ? ` — ${r.description}` : null}
              </h4>
              {r.content.map((m) => (
                <MediaDocs key={m.mediaType} media={m} />
              ))}
            </div>
          ))}
        </section>
      ) : null}
      <section className="section" aria-labelledby="docs-security">
        <h3 id="docs-security">{t('docs.security')}</h3>
        {http.security.length === 0 ? <p>{t('docs.noSecurity')}</p> : null}
        {http.security.length > 1 ? <p>{t('docs.anyOf')}</p> : null}
        {http.security.length ? (
          <ul>
            {http.security.map((req, i) => (
              <li key={i}>
                {req.length
                  ? req.map((s, j) => (
                      <span key={s.name}>
                        {j ? '; ' : ''}
                        <code>{s.name}</code>: {s.description}
                        {s.scopes.length ? ` (${t('docs.scopes', { scopes: s.scopes.join(' ') })})` : ''}
                      </span>
                    ))
                  : t('docs.anonymous')}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
