import { useLayoutStore } from './layout-store';

export type SidebarSection = 'specs' | 'history' | 'cards';

const nextFrame = (fn: () => void): void => {
  requestAnimationFrame(() => requestAnimationFrame(fn));
};

/**
 * Shows a workspace sidebar section, then focuses an element in it. The sidebar keeps its
 * selected section private, so this goes through its tab the way a click would (ids end in
 * `-tab-<section>`, see ui/tabs.tsx).
 */
export function showSidebarSection(section: SidebarSection, focusId?: string): void {
  if (!useLayoutStore.getState().sidebarOpen) useLayoutStore.getState().toggleSidebar();
  nextFrame(() => {
    const tab = document.querySelector<HTMLElement>(`nav.sidebar [role="tab"][id$="-tab-${section}"]`);
    if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click();
    if (!focusId) return tab?.focus();
    nextFrame(() => document.getElementById(focusId)?.focus());
  });
}
