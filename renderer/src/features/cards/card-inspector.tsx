import { useT } from '../../i18n/i18n';
import { copyText } from '../../ui/download';
import { prettyJson } from '../../ui/format';
import { JsonTree } from '../../ui/json-tree';
import { openCheckFromCard } from '../checks';
import { CardAuthPanel } from './card-auth-panel';
import { CardExtended } from './card-extended';
import { CardFindings } from './card-findings';
import { CardInterfaces } from './card-interfaces';
import { CardPanels, FetchLine } from './card-overview';
import { CardSignatures } from './card-signatures';
import { useCardsStore } from './cards-store';
import { ImportCardButton } from '../specs';

/** The card inspector: summary panels, interfaces, findings, signatures, extended card, raw JSON. */
export default function CardInspector() {
  const t = useT();
  const source = useCardsStore((s) => s.fetch.value);
  if (!source) {
    return (
      <div className="empty-state">
        <h2>{t('card.emptyTitle')}</h2>
        <p>{t('card.emptyBody')}</p>
      </div>
    );
  }
  const { result } = source;
  const { summary } = result;
  const cardUrl = source.kind === 'fetched' ? source.result.fetch.url : undefined;
  return (
    <div className="inspector">
      <header className="inspector-head">
        <div>
          <h2 className="card-name">
            {summary.name || t('card.unnamed')} <span className="pill tone-task">{t('card.versionBadge', { version: result.version })}</span>{' '}
            {summary.agentVersion ? <span className="muted small">v{summary.agentVersion}</span> : null}
          </h2>
          <p className="muted small">{result.versionReason}</p>
          {summary.description ? <p className="description">{summary.description}</p> : null}
          {summary.provider ? <p className="small">{t('card.provider', { organization: summary.provider.organization, url: summary.provider.url })}</p> : null}
          {source.kind === 'fetched' ? <FetchLine info={source.result.fetch} /> : <p className="muted small">{t('card.pasted')}</p>}
          {source.kind === 'fetched' && source.result.fetch.lookupNote ? <p className="muted small">{source.result.fetch.lookupNote}</p> : null}
        </div>
        <div className="actions">
          <button type="button" className="primary" onClick={() => openCheckFromCard(cardUrl, summary, result.card, result.version)}>
            {t('checks.run')}
          </button>
          <ImportCardButton card={result.card} cardUrl={cardUrl} />
          <button type="button" onClick={() => void copyText(prettyJson(result.card))}>
            {t('card.copyJson')}
          </button>
        </div>
      </header>
      <nav className="jump" aria-label={t('card.jump')}>
        <a href="#card-caps">{t('card.capabilities')}</a>
        <a href="#card-interfaces">{t('card.jump.interfaces')}</a>
        <a href="#card-findings">{t('card.jump.findings')}</a>
        <a href="#card-signatures">{t('card.jump.signatures')}</a>
        <a href="#card-extended">{t('card.ext.title')}</a>
        <a href="#card-json">{t('card.json')}</a>
      </nav>
      <CardPanels summary={summary} />
      <CardAuthPanel card={result.card} version={result.version} cardUrl={cardUrl} interfaces={summary.interfaces} />
      <CardInterfaces card={result.card} interfaces={summary.interfaces} />
      <CardFindings findings={result.findings} version={result.version} />
      <CardSignatures signatures={summary.signatures} canonical={result.canonical} />
      <CardExtended declared={summary.capabilities.extendedAgentCard} />
      <section className="section" aria-labelledby="card-json">
        <h3 id="card-json">{t('card.json')}</h3>
        {summary.customFields.length ? <p className="muted small">{t('card.customFields', { fields: summary.customFields.join(', ') })}</p> : null}
        <JsonTree value={result.card} label={t('card.json')} />
      </section>
    </div>
  );
}
