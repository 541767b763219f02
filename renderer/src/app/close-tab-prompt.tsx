import { create } from 'zustand';
import { useT } from '../i18n/i18n';
import { Dialog } from '../ui/dialog';
import { DialogButtons } from '../ui/dialog-buttons';
import { isTabModified, saveWhenShown, useDraftsStore } from '../features/request';
import { useToolViewStore } from './tool-view-store';

/** How many modified tabs the many-tabs prompt names; the rest are counted. */
export const namedInPrompt = 3;

interface ClosePromptState {
  /** The modified tab a close was asked for, with its title as the bar shows it. */
  asking?: { tabId: string; title: string };
  /** Several tabs to close at once (Close others, to the right, all), of which `modified` hold unsaved edits. */
  askingMany?: { tabIds: string[]; modified: string[]; preferred?: string };
}

const useClosePromptStore = create<ClosePromptState>()(() => ({}));

/**
 * Every way to close a tab (its ×, Delete in the bar, Ctrl+W) comes here: a tab with edits no spec file
 * holds asks first, any other closes at once. Returns whether it closed.
 */
export function requestCloseTab(tab: { id: string }, title: string, close: (tabId: string) => void): boolean {
  if (!isTabModified(tab)) {
    close(tab.id);
    return true;
  }
  useClosePromptStore.setState({ asking: { tabId: tab.id, title } });
  return false;
}

/**
 * Closing several tabs at once asks once, and only when any of them has unsaved edits (naming those);
 * tabs without edits are not asked about. Cancel closes none of them. Returns whether they closed.
 */
export function requestCloseTabs(
  tabs: ReadonlyArray<{ tab: { id: string }; title: string }>,
  close: (tabIds: string[], preferred?: string) => void,
  preferred?: string,
): boolean {
  const tabIds = tabs.map(({ tab }) => tab.id);
  const modified = tabs.filter(({ tab }) => isTabModified(tab)).map(({ title }) => title);
  if (!modified.length) {
    close(tabIds, preferred);
    return true;
  }
  useClosePromptStore.setState({ askingMany: { tabIds, modified, ...(preferred ? { preferred } : {}) } });
  return false;
}

/** "Close without saving?": Save… opens the tab's own save dialog (the tab stays); Close drops the edits. */
export function CloseTabPrompt({ close, closeMany }: { close: (tabId: string) => void; closeMany: (tabIds: string[], preferred?: string) => void }) {
  const t = useT();
  const asking = useClosePromptStore((s) => s.asking);
  const askingMany = useClosePromptStore((s) => s.askingMany);
  if (askingMany) {
    const dismiss = (): void => useClosePromptStore.setState({ askingMany: undefined });
    const named = askingMany.modified.slice(0, namedInPrompt);
    const more = askingMany.modified.length - named.length;
    return (
      <Dialog
        title={t('closeTabs.title')}
        onClose={dismiss}
        footer={
          <DialogButtons
            buttons={[
              { label: t('common.cancel'), onClick: dismiss, autoFocus: true },
              {
                label: t('closeTabs.discard'),
                tone: 'danger',
                onClick: () => {
                  dismiss();
                  closeMany(askingMany.tabIds, askingMany.preferred);
                },
              },
            ]}
          />
        }
      >
        <p>{t('closeTabs.body', { count: askingMany.modified.length, total: askingMany.tabIds.length })}</p>
        <ul>
          {named.map((title, i) => (
            <li key={i}>{title}</li>
          ))}
          {more > 0 ? <li className="muted">{t('closeTabs.more', { count: more })}</li> : null}
        </ul>
      </Dialog>
    );
  }
  if (!asking) return null;
  const dismiss = (): void => useClosePromptStore.setState({ asking: undefined });
  const save = (): void => {
    dismiss();
    useToolViewStore.getState().close();
    useDraftsStore.setState({ activeId: asking.tabId });
    saveWhenShown(asking.tabId);
  };
  return (
    <Dialog
      title={t('closeTab.title')}
      onClose={dismiss}
      footer={
        <DialogButtons
          buttons={[
            { label: t('closeTab.keep'), onClick: dismiss, autoFocus: true },
            {
              label: t('closeTab.discard'),
              tone: 'danger',
              onClick: () => {
                dismiss();
                close(asking.tabId);
              },
            },
            { label: t('closeTab.save'), tone: 'primary', onClick: save },
          ]}
        />
      }
    >
      <p>{t('closeTab.body', { title: asking.title })}</p>
    </Dialog>
  );
}
