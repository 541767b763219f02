import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT2 } from '../../i18n/messages-part2';
import { openCheckView } from '../checks/checks-store';
import { useDialogsStore } from './dialogs-store';
import { SettingsDialog } from './settings-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';
import './part2.css';
import './theme-override.css';

const ServergenDialog = lazy(() => import('../servergen/servergen-dialog'));

/** Part 2 in the header: a Tools menu (checks, server generator), shortcuts help and settings. */
export function Part2HeaderTools() {
  const t = useT2();
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const dialog = useDialogsStore((s) => s.open);
  const { show, close } = useDialogsStore.getState();

  useEffect(() => {
    if (!open) return;
    (menu.current?.querySelector('[role="menuitem"]') as HTMLElement | null)?.focus();
    const onDown = (event: PointerEvent): void => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const pick = (action: () => void): void => {
    setOpen(false);
    action();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <div className="menu-anchor">
        <button
          ref={button}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setOpen(!open)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
            }
          }}
        >
          {t('tools.menu')}
        </button>
        {open ? (
          <div ref={menu} id={id} role="menu" aria-label={t('tools.menu')} className="menu p2-menu-right" onKeyDown={onMenuKey}>
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
      <button type="button" className="icon-button" aria-label={t('tools.shortcuts')} title={t('tools.shortcuts')} aria-keyshortcuts="F1" onClick={() => show('shortcuts')}>
        ⌨
      </button>
      <button type="button" className="icon-button" aria-label={t('tools.settings')} title={t('tools.settings')} aria-keyshortcuts="Control+," onClick={() => show('settings')}>
        ⚙
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
