import { useT } from '../i18n/i18n';
import { Dialog } from '../ui/dialog';
import { DialogButtons } from '../ui/dialog-buttons';
import { shortcutList } from './shortcuts';

/** The keyboard shortcuts help panel (F1 or ?). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('keys.title')} onClose={onClose} footer={<DialogButtons buttons={[{ label: t('common.close'), onClick: onClose }]} />}>
      <table className="kv-table table">
        <thead>
          <tr>
            <th scope="col">{t('keys.col.keys')}</th>
            <th scope="col">{t('keys.col.action')}</th>
            <th scope="col">{t('keys.col.where')}</th>
          </tr>
        </thead>
        <tbody>
          {shortcutList.map((s) => (
            <tr key={s.keys + s.action}>
              <td>
                <kbd className="kbd">{s.display}</kbd>
              </td>
              <td>{t(s.action)}</td>
              <td className="muted small">{t(s.scope)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">{t('keys.note')}</p>
    </Dialog>
  );
}
