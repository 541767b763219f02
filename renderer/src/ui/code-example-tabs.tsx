import { useState } from 'react';
import type { CodeExample } from '../../../shared/openapi/code-examples';
import { useT } from '../i18n/i18n';
import { copyText } from './download';
import { Tabs } from './tabs';

/** Code examples (curl, fetch, …) as tabs, each with a Copy button: a request's Code dialog and an operation's docs. */
export function CodeExampleTabs({ examples }: { examples: readonly CodeExample[] }) {
  const t = useT();
  const [selected, setSelected] = useState(examples[0]?.id ?? 'curl');
  const [copied, setCopied] = useState('');
  const example = examples.find((e) => e.id === selected) ?? examples[0];
  if (!example) return null;
  return (
    <Tabs label={t('docs.code')} items={examples.map((e) => ({ id: e.id, label: e.label }))} selected={example.id} onSelect={setSelected}>
      <pre className="code-block code" aria-label={t('docs.codeOf', { label: example.label })}>
        {example.code}
      </pre>
      <div className="actions">
        <button
          type="button"
          onClick={() => void copyText(example.code).then((ok) => setCopied(ok ? t('docs.copiedCode', { label: example.label }) : t('docs.copyFailed')))}
        >
          {t('docs.copyCode', { label: example.label })}
        </button>
        <span role="status" className="muted small">
          {copied}
        </span>
      </div>
    </Tabs>
  );
}
