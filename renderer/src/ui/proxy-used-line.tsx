import type { RecordedProxy } from '../../../shared/http/proxy-rules';
import { recordedProxyWords } from '../../../shared/http/tab-proxy';
import { useT } from '../i18n/i18n';

const sourceKey = { request: 'proxy.source.request', settings: 'proxy.source.settings', environment: 'proxy.source.environment' } as const;

/** Which proxy the request actually used, from its record (A2A and HTTP responses, history): nothing when it went direct as asked. */
export function ProxyUsedLine({ proxy }: { proxy: RecordedProxy | undefined }) {
  const t = useT();
  const words = recordedProxyWords(proxy);
  if (words.kind === 'direct') return null;
  return (
    <span className="muted small proxy-used">
      {words.kind === 'through'
        ? t('proxy.used.through', { proxy: words.url, source: t(sourceKey[words.source]) })
        : t('proxy.used.bypassed', { source: t(sourceKey[words.source]) })}
    </span>
  );
}
