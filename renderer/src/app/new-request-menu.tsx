import { useT } from '../i18n/i18n';
import { useMenuButton } from '../ui/use-menu-button';
import { preloadMonaco } from '../features/request/json-editor';
import { useDraftsStore } from '../features/request/drafts-store';
import { focusNewTabEndpoint } from '../features/request/endpoint-focus';
import { openHttpTab } from '../features/http/http-drafts-store';
import { openMcpTab } from '../features/mcp/mcp-drafts-store';

export const newA2aShortcut = 'Control+Alt+N';
export const newHttpShortcut = 'Control+Alt+U';
export const newMcpShortcut = 'Control+Alt+M';

/**
 * One kind of request in the menu. The kind's name alone is the item's accessible name and the hint
 * its description, so a screen reader (and a test) finds "MCP" without the sentence after it.
 */
function KindItem({ label, hint, hintId, shortcut, onPick }: { label: string; hint: string; hintId: string; shortcut?: string; onPick: () => void }) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      {...(shortcut ? { 'aria-keyshortcuts': shortcut } : {})}
      aria-label={label}
      aria-describedby={hintId}
      onClick={onPick}
    >
      <span>{label}</span>
      <span id={hintId} className="muted small">
        {hint}
      </span>
    </button>
  );
}

/** Opens a tab and puts the caret in its address box, so typing goes on from the keyboard. */
function openAndFocus(open: () => unknown): void {
  open();
  focusNewTabEndpoint();
}

/** "New request" → kinds of request: A2A, MCP and plain HTTP. */
export function NewRequestMenu() {
  const t = useT();
  const { id, open, menuRef: menu, onMenuKey, buttonProps, pick } = useMenuButton();
  const openA2a = useDraftsStore((s) => s.openA2a);

  return (
    <div className="menu-anchor">
      <button {...buttonProps} className="primary" onPointerEnter={() => void preloadMonaco()} onFocus={() => void preloadMonaco()}>
        {t('app.newRequest')}
      </button>
      {open ? (
        <div ref={menu} id={id} role="menu" aria-label={t('app.newRequest')} className="menu" onKeyDown={onMenuKey}>
          <KindItem
            label={t('app.newA2a')}
            hint={t('app.newA2aHint')}
            hintId={`${id}-a2a-hint`}
            shortcut={newA2aShortcut}
            onPick={() => pick(() => openAndFocus(openA2a))}
          />
          <KindItem
            label={t('mcp.menu')}
            hint={t('mcp.menuHint')}
            hintId={`${id}-mcp-hint`}
            shortcut={newMcpShortcut}
            onPick={() => pick(() => openAndFocus(() => openMcpTab()))}
          />
          <KindItem
            label={t('http.menu')}
            hint={t('http.menuHint')}
            hintId={`${id}-http-hint`}
            shortcut={newHttpShortcut}
            onPick={() => pick(() => openAndFocus(() => openHttpTab()))}
          />
        </div>
      ) : null}
    </div>
  );
}
