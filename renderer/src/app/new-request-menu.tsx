import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n/i18n';
import { preloadMonaco } from '../features/request/json-editor';
import { useDraftsStore } from '../features/request/drafts-store';

export const newA2aShortcut = 'Control+Alt+N';

/** "New request" → kinds of request. Only A2A today; the menu leaves room for HTTP and others. */
export function NewRequestMenu() {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const openA2a = useDraftsStore((s) => s.openA2a);

  useEffect(() => {
    if (!open) return;
    (menu.current?.querySelector('[role="menuitem"]') as HTMLElement | null)?.focus();
    const onDown = (event: PointerEvent): void => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = (): void => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className="menu-anchor">
      <button
        ref={button}
        type="button"
        className="primary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onPointerEnter={() => void preloadMonaco()}
        onFocus={() => void preloadMonaco()}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t('app.newRequest')}
      </button>
      {open ? (
        <div ref={menu} id={id} role="menu" aria-label={t('app.newRequest')} className="menu" onKeyDown={onMenuKey}>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-keyshortcuts={newA2aShortcut}
            aria-label={t('app.newA2a')}
            aria-describedby={`${id}-a2a-hint`}
            onClick={() => {
              setOpen(false);
              openA2a();
            }}
          >
            <span>{t('app.newA2a')}</span>
            <span id={`${id}-a2a-hint`} className="muted small">
              {t('app.newA2aHint')}
            </span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
