import { useT } from '../i18n/i18n';
import { useMenuButton } from '../ui/use-menu-button';
import { preloadMonaco } from '../features/request/json-editor';
import { useDraftsStore } from '../features/request/drafts-store';
import { openHttpTab } from '../features/http/http-drafts-store';
import { openMcpTab } from '../features/mcp/mcp-drafts-store';

export const newA2aShortcut = 'Control+Alt+N';

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
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-keyshortcuts={newA2aShortcut}
            aria-label={t('app.newA2a')}
            aria-describedby={`${id}-a2a-hint`}
            onClick={() => pick(openA2a)}
          >
            <span>{t('app.newA2a')}</span>
            <span id={`${id}-a2a-hint`} className="muted small">
              {t('app.newA2aHint')}
            </span>
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-label={t('mcp.menu')}
            aria-describedby={`${id}-mcp-hint`}
            onClick={() => pick(() => openMcpTab())}
          >
            <span>{t('mcp.menu')}</span>
            <span id={`${id}-mcp-hint`} className="muted small">
              {t('mcp.menuHint')}
            </span>
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-label={t('http.menu')}
            aria-describedby={`${id}-http-hint`}
            onClick={() => pick(() => openHttpTab())}
          >
            <span>{t('http.menu')}</span>
            <span id={`${id}-http-hint`} className="muted small">
              {t('http.menuHint')}
            </span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
