import type { CardSummary } from '../../../../shared/card/card-types';
import type { CardFetchInfo } from '../../../../shared/contract/ops-card';
import { useT, type Translate } from '../../i18n/i18n';
import { formatBytes, formatMs } from '../../ui/format';

function flag(value: boolean | undefined, t: Translate): { text: string; tone: string } {
  if (value === true) return { text: t('card.cap.yes'), tone: 'tone-ok' };
  if (value === false) return { text: t('card.cap.no'), tone: 'tone-neutral' };
  return { text: t('card.cap.undeclared'), tone: 'tone-neutral' };
}

export function FetchLine({ info }: { info: CardFetchInfo }) {
  const t = useT();
  return (
    <p className="muted small fetch-line">
      {t('card.fetchedFrom', {
        url: info.url,
        status: `${info.status} ${info.statusText}`.trim(),
        size: formatBytes(info.bytes),
        ms: formatMs(info.timings.totalMs),
      })}
      {info.contentType ? ` · ${info.contentType}` : ''}
    </p>
  );
}

function Modes({ label, modes }: { label: string; modes: string[] }) {
  const t = useT();
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>
        {modes.length ? (
          modes.map((m) => (
            <code key={m} className="chip">
              {m}
            </code>
          ))
        ) : (
          <span className="muted">{t('card.modes.default')}</span>
        )}
      </dd>
    </div>
  );
}

/** Capabilities, skills and security as panels: the questions people ask of a card first. */
export function CardPanels({ summary }: { summary: CardSummary }) {
  const t = useT();
  const caps: Array<[string, boolean | undefined]> = [
    [t('card.cap.streaming'), summary.capabilities.streaming],
    [t('card.cap.push'), summary.capabilities.pushNotifications],
    [t('card.cap.extended'), summary.capabilities.extendedAgentCard],
  ];
  return (
    <div className="panels">
      <section className="panel" aria-labelledby="card-caps">
        <h3 id="card-caps">{t('card.capabilities')}</h3>
        <dl className="facts">
          {caps.map(([label, value]) => {
            const f = flag(value, t);
            return (
              <div className="fact" key={label}>
                <dt>{label}</dt>
                <dd>
                  <span className={`pill ${f.tone}`}>{f.text}</span>
                </dd>
              </div>
            );
          })}
          <Modes label={t('card.inputModes')} modes={summary.defaultInputModes} />
          <Modes label={t('card.outputModes')} modes={summary.defaultOutputModes} />
        </dl>
        {summary.capabilities.extensions.length ? (
          <>
            <h4>{t('card.extensions')}</h4>
            <ul className="list">
              {summary.capabilities.extensions.map((e) => (
                <li key={e.uri}>
                  <code>{e.uri}</code> {e.required ? <span className="pill tone-error">{t('card.ext.required')}</span> : null}
                  {e.description ? <div className="muted small">{e.description}</div> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="card-skills">
        <h3 id="card-skills">{t('card.skills', { count: summary.skills.length })}</h3>
        {summary.skills.length ? (
          <ul className="list">
            {summary.skills.map((skill) => (
              <li key={`${skill.index}-${skill.id}`}>
                <div>
                  <strong>{skill.name || skill.id}</strong> <code className="muted small">{skill.id}</code>
                </div>
                {skill.description ? <div className="small">{skill.description}</div> : null}
                {skill.tags.length ? (
                  <div className="chips">
                    {skill.tags.map((tag) => (
                      <span key={tag} className="chip">
                        {tag}
                      </span>
                    ))}
                  </div>
                ) : null}
                {skill.examples.length ? (
                  <div className="muted small">
                    {t('card.skill.examples')}{' '}
                    {skill.examples.map((ex) => (
                      <code key={ex} className="chip">
                        {ex}
                      </code>
                    ))}
                  </div>
                ) : null}
                {skill.inputModes.length || skill.outputModes.length ? (
                  <div className="muted small">
                    {t('card.skill.modes', { input: skill.inputModes.join(', ') || '—', output: skill.outputModes.join(', ') || '—' })}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">{t('card.skills.none')}</p>
        )}
      </section>

      <section className="panel" aria-labelledby="card-security">
        <h3 id="card-security">{t('card.security')}</h3>
        {summary.securitySchemes.length ? (
          <ul className="list">
            {summary.securitySchemes.map((s) => (
              <li key={s.name}>
                <strong>{s.name}</strong>: {s.label}
                {s.url ? <div className="muted small mono">{s.url}</div> : null}
                {s.description ? <div className="muted small">{s.description}</div> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">{t('card.security.none')}</p>
        )}
        {summary.securityRequirements.length ? (
          <>
            <h4>{t('card.security.required')}</h4>
            <ul className="list">
              {summary.securityRequirements.map((req, i) => (
                <li key={i}>
                  {req.schemes.map((s) => `${s.name}${s.scopes.length ? ` (${s.scopes.join(', ')})` : ''}`).join(' + ') || t('card.security.anonymous')}
                </li>
              ))}
            </ul>
            <p className="muted small">{t('card.security.howTo')}</p>
          </>
        ) : null}
      </section>
    </div>
  );
}
