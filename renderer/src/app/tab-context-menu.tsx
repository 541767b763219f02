import { Fragment, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT, type MessageKey } from '../i18n/i18n';
import { reopenTabDisplay, reopenTabShortcut, type KeyPlatform } from './shortcuts';

export type MenuCloseFocus = 'tab' | 'active' | 'none';

export interface TabMenuItem {
  label: MessageKey;
  /** False when the item would do nothing here (no other tab, none to the right, nothing closed). */
  enabled: boolean;
  run(): void;
  /** As written for aria-keyshortcuts, with what to show for it. */
  shortcut?: { keys: string; display: string };
  /** A line above the item: it starts another group. */
  separated?: boolean;
}

/** The tab's actions, each enabled only when it would change something; the shortcut hint as it works on `platform`. */
export function tabMenuItems(
  order: readonly string[],
  tabId: string,
  canReopen: boolean,
  actions: { close(): void; closeOthers(): void; closeRight(): void; closeAll(): void; duplicate(): void; reopen(): void },
  platform: KeyPlatform,
): TabMenuItem[] {
  const index = order.indexOf(tabId);
  return [
    { label: 'tabMenu.close', enabled: index >= 0, run: actions.close },
    { label: 'tabMenu.closeOthers', enabled: index >= 0 && order.length > 1, run: actions.closeOthers },
    { label: 'tabMenu.closeRight', enabled: index >= 0 && index < order.length - 1, run: actions.closeRight },
    { label: 'tabMenu.closeAll', enabled: order.length > 0, run: actions.closeAll },
    { label: 'tabMenu.duplicate', enabled: index >= 0, run: actions.duplicate, separated: true },
    {
      label: 'tabMenu.reopen',
      enabled: canReopen,
      run: actions.reopen,
      shortcut: { keys: reopenTabShortcut, display: reopenTabDisplay(platform) },
    },
  ];
}

/**
 * A request tab's context menu (right click, Shift+F10 or the Menu key on the tab), with the WAI-ARIA
 * menu keyboard model: arrows, Home and End move (disabled items are focusable but do nothing, as the
 * APG advises, so a screen reader hears them), Enter picks, Escape or Tab closes it and gives the focus
 * back to the tab; a click elsewhere closes it too.
 */
export function TabContextMenu({
  at,
  items,
  onClose,
}: {
  /** Where it opens (the pointer, or under the tab for the keyboard), in viewport pixels. */
  at: { x: number; y: number };
  items: readonly TabMenuItem[];
  /**
   * Where the focus goes: back to the tab (Escape, Tab), to the tab active after a picked action, or
   * nowhere (a click elsewhere put it where the person wanted it).
   */
  onClose: (focus: MenuCloseFocus) => void;
}) {
  const t = useT();
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState(at);

  // Inside the window: a click near its right or bottom edge opens the menu to the left or above.
  useLayoutEffect(() => {
    const box = menu.current?.getBoundingClientRect();
    if (!box) return;
    setPlace({
      x: Math.max(0, Math.min(at.x, window.innerWidth - box.width - 4)),
      y: Math.max(0, Math.min(at.y, window.innerHeight - box.height - 4)),
    });
  }, [at]);

  // The latest onClose, so the listeners below are added once, when the menu opens.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (event: PointerEvent): void => {
      if (!menu.current?.contains(event.target as Node)) close.current('none');
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const all = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') onClose('tab');
    else if (event.key === 'ArrowDown') all[(index + 1) % all.length]?.focus();
    else if (event.key === 'ArrowUp') all[(index - 1 + all.length) % all.length]?.focus();
    else if (event.key === 'Home') all[0]?.focus();
    else if (event.key === 'End') all[all.length - 1]?.focus();
    else return;
    event.preventDefault();
    // The tab bar's own keys (arrows, Delete) must not act on the tabs behind the menu.
    event.stopPropagation();
  };

  return (
    <div
      ref={menu}
      role="menu"
      aria-label={t('tabMenu.label')}
      className="menu tab-menu"
      style={{ left: place.x, top: place.y }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((item) => (
        <Fragment key={item.label}>
          {item.separated ? <div role="separator" className="menu-separator" /> : null}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={item.enabled ? undefined : true}
            {...(item.shortcut ? { 'aria-keyshortcuts': item.shortcut.keys } : {})}
            onClick={() => {
              if (!item.enabled) return;
              onClose('active');
              item.run();
            }}
          >
            <span>{t(item.label)}</span>
            {item.shortcut ? (
              <kbd className="kbd muted small" aria-hidden="true">
                {item.shortcut.display}
              </kbd>
            ) : null}
          </button>
        </Fragment>
      ))}
    </div>
  );
}
