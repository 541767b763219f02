import { create } from 'zustand';
import type { AppInfo } from '../../../../shared/contract/ops-app';
import type { WireError } from '../../../../shared/contract/index';

interface AppInfoState {
  info: AppInfo | undefined;
  error: WireError | undefined;
  set(result: { info: AppInfo } | { error: WireError }): void;
}

export const useAppInfoStore = create<AppInfoState>()((set) => ({
  info: undefined,
  error: undefined,
  set: (result) => set('info' in result ? { info: result.info, error: undefined } : { error: result.error }),
}));
