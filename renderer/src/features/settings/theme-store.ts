import { create } from 'zustand';
import { usePrefersDark } from '../../ui/use-prefers-dark';

/** 'system' follows the OS live (prefers-color-scheme); the others pin a theme for this machine. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const storageKey = 'powerduck.theme';

function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

function readSaved(): ThemeChoice {
  try {
    const saved = globalThis.localStorage?.getItem(storageKey);
    return isThemeChoice(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** theme.css narrows color-scheme by `data-theme`; without it the OS decides. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement | undefined = globalThis.document?.documentElement): void {
  if (!root) return;
  if (choice === 'system') {
    delete root.dataset['theme'];
    root.style.colorScheme = '';
  } else {
    root.dataset['theme'] = choice;
    root.style.colorScheme = choice;
  }
}

interface ThemeState {
  choice: ThemeChoice;
  setChoice(choice: ThemeChoice): void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  choice: readSaved(),
  setChoice(choice) {
    try {
      globalThis.localStorage?.setItem(storageKey, choice);
    } catch {
      // Storage unavailable: the choice lasts for this session only.
    }
    applyTheme(choice);
    set({ choice });
  },
}));

applyTheme(useThemeStore.getState().choice);

/**
 * Dark or not, after the override: what a component that paints its own colours (Monaco) should
 * use instead of the bare OS preference.
 */
export function useEffectiveDark(): boolean {
  const choice = useThemeStore((s) => s.choice);
  const osDark = usePrefersDark();
  return choice === 'system' ? osDark : choice === 'dark';
}
