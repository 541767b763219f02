import { lazy, Suspense } from 'react';
import { useT } from '../i18n/i18n';
import { useMenuButton } from '../ui/use-menu-button';
import { openCheckView } from '../features/checks/checks-store';
import { useDialogsStore } from './dialogs-store';
import { SettingsDialog } from '../features/settings/settings-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';
import './tool-panels.css';

const ServergenDialog = lazy(() => import('../features/servergen/servergen-dialog'));

/** The header's tools: a Tools menu (checks, server generator), shortcuts help and settings. */
export function HeaderTools() {
  const t = useT();
  const { id, open, menuRef: menu, onMenuKey, buttonProps, pick } = useMenuButton({ align: 'end' });
  const dialog = useDialogsStore((s) => s.open);
  const { show, close } = useDialogsStore.getState();

  return (
    <>
      <div className="menu-anchor">
        <button {...buttonProps}>{t('tools.menu')}</button>
        {open ? (
          <div ref={menu} id={id} role="menu" aria-label={t('tools.menu')} className="menu" onKeyDown={onMenuKey}>
            <button type="button" role="menuitem" tabIndex={-1} aria-keyshortcuts="Control+Alt+K" onClick={() => pick(() => openCheckView())}>
              <span>{t('tools.checks')}</span>
              <span className="muted small">{t('tools.checksHint')}</span>
            </button>
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => pick(() => show('servergen'))}>
              <span>{t('tools.servergen')}</span>
              <span className="muted small">{t('tools.servergenHint')}</span>
            </button>
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={t('tools.shortcuts')}
        title={t('tools.shortcuts')}
        aria-keyshortcuts="F1"
        onClick={() => show('shortcuts')}
      >
        <span aria-hidden="true">⌨</span> <span className="icon-label">{t('icon.keys')}</span>
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('tools.settings')}
        title={t('tools.settings')}
        aria-keyshortcuts="Control+,"
        onClick={() => show('settings')}
      >
        <span aria-hidden="true">⚙</span> <span className="icon-label">{t('icon.settings')}</span>
      </button>
      {dialog === 'settings' ? <SettingsDialog onClose={close} /> : null}
      {dialog === 'shortcuts' ? <ShortcutsDialog onClose={close} /> : null}
      {dialog === 'servergen' ? (
        <Suspense fallback={null}>
          <ServergenDialog onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
