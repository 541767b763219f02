import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { OutcomeBadge, StatusLine, RawView } from '../response';

/** One exchange a verdict rests on, exactly as the core recorded it (secrets redacted). */
export function EvidenceDialog({ record, title, onClose }: { record: ExchangeRecord; title: string; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog title={title} onClose={onClose} wide footer={<DialogButtons buttons={[{ label: t('common.close'), onClick: onClose }]} />}>
      <div className="response-summary">
        <OutcomeBadge record={record} />
        <StatusLine record={record} />
      </div>
      <RawView record={record} />
    </Dialog>
  );
}
