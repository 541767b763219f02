import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { placeMenu } from './menu-placement';

/**
 * A button that opens a menu, with the WAI-ARIA menu-button keyboard model: ArrowDown opens,
 * arrows move between items, Escape closes and returns focus, Tab or a click outside closes.
 * The menu is placed inside the window (menu-placement.ts): below or above its button, aligned with
 * the button's start or `end` edge as far as the window allows, scrolling when it is taller than the room.
 */
export function useMenuButton({ align = 'start' }: { align?: 'start' | 'end' } = {}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  // Before paint, so the menu is never seen outside the window; again when the window changes size.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    const button = buttonRef.current;
    if (!open || !menu || !button) return;
    const place = (): void => {
      // Measured at its natural size (CSS caps its width at the window's), then put in place.
      menu.style.maxHeight = '';
      const size = menu.getBoundingClientRect();
      const anchor = button.getBoundingClientRect();
      const spot = placeMenu(
        { width: size.width, height: size.height },
        { left: anchor.left, top: anchor.top, width: anchor.width, height: anchor.height },
        { width: window.innerWidth, height: window.innerHeight },
        align,
      );
      menu.style.position = 'fixed';
      menu.style.left = `${spot.left}px`;
      menu.style.top = `${spot.top}px`;
      menu.style.right = 'auto';
      menu.style.maxHeight = `${spot.maxHeight}px`;
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open, align]);

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
