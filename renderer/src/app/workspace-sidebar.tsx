import { useState } from 'react';
import { useT } from '../i18n/i18n';
import { Tabs } from '../ui/tabs';
import { CardsPanel } from '../features/cards/cards-panel';
import { HistoryPanel } from '../features/history/history-panel';
import { SpecsPanel } from '../features/specs/specs-panel';

type Section = 'specs' | 'history' | 'cards';

export function WorkspaceSidebar() {
  const t = useT();
  const [section, setSection] = useState<Section>('specs');
  return (
    <nav className="sidebar" aria-label={t('app.workspace')}>
      <Tabs
        label={t('app.workspace')}
        selected={section}
        onSelect={setSection}
        items={[
          { id: 'specs', label: t('app.specs') },
          { id: 'history', label: t('app.history') },
          { id: 'cards', label: t('app.cards') },
        ]}
      >
        {section === 'specs' ? <SpecsPanel /> : null}
        {section === 'history' ? <HistoryPanel /> : null}
        {section === 'cards' ? <CardsPanel /> : null}
      </Tabs>
    </nav>
  );
}
