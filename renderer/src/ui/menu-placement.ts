/**
 * Where a menu goes so the whole of it stays in the window: below its button (or above, when there is
 * more room there), aligned with the button's start or end edge, moved sideways as far as it takes to
 * fit, and never taller than the room it has (it scrolls instead). Pure, so it is tested without a page.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface MenuPlace {
  left: number;
  top: number;
  /** The most the menu may be tall in its place; more scrolls. */
  maxHeight: number;
}

/** The gap kept between the menu and the window's edge, and between the menu and its button. */
export const menuMargin = 4;

export function placeMenu(
  menu: { width: number; height: number },
  anchor: Box,
  viewport: { width: number; height: number },
  align: 'start' | 'end',
): MenuPlace {
  const wanted = align === 'end' ? anchor.left + anchor.width - menu.width : anchor.left;
  // Shifted into the window; a menu wider than the window starts at its left margin (CSS caps its width).
  const left = Math.max(menuMargin, Math.min(wanted, viewport.width - menu.width - menuMargin));
  const below = anchor.top + anchor.height + menuMargin;
  const roomBelow = viewport.height - menuMargin - below;
  const roomAbove = anchor.top - menuMargin - menuMargin;
  if (menu.height <= roomBelow || roomBelow >= roomAbove) return { left, top: below, maxHeight: Math.max(0, roomBelow) };
  // Flipped above the button: more of it shows there (all of it, or it scrolls).
  const height = Math.min(menu.height, roomAbove);
  return { left, top: anchor.top - menuMargin - height, maxHeight: Math.max(0, roomAbove) };
}
