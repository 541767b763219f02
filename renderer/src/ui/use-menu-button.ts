import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A button that opens a menu, with the WAI-ARIA menu-button keyboard model: ArrowDown opens,
 * arrows move between items, Escape closes and returns focus, Tab or a click outside closes.
 */
export function useMenuButton() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    (menuRef.current?.querySelector('[role="menuitem"]') as HTMLElement | null)?.focus();
    const onDown = (event: PointerEvent): void => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    event.preventDefault();
  };

  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    onClick: () => setOpen(!open),
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        setOpen(true);
      }
    },
  };

  /** Runs a menu item's action after closing the menu. */
  const pick = (action: () => void): void => {
    setOpen(false);
    action();
  };

  return { id, open, menuRef, onMenuKey, buttonProps, pick };
}
