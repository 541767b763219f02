import { create } from 'zustand';
import { useT } from '../i18n/i18n';
import { Dialog } from '../ui/dialog';
import { DialogButtons } from '../ui/dialog-buttons';
import { isTabModified, saveWhenShown, useDraftsStore } from '../features/request';
import { useToolViewStore } from './tool-view-store';

interface ClosePromptState {
  /** The modified tab a close was asked for, with its title as the bar shows it. */
  asking?: { tabId: string; title: string };
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

/** "Close without saving?": Save… opens the tab's own save dialog (the tab stays); Close drops the edits. */
export function CloseTabPrompt({ close }: { close: (tabId: string) => void }) {
  const t = useT();
  const asking = useClosePromptStore((s) => s.asking);
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
