import { create } from 'zustand';

/**
 * "Put the caret in the new tab's address box": set when a person opens a tab (New request menu,
 * Ctrl+Alt+N/U/M), taken by the first visible endpoint field that renders after it. Opening a tab
 * is synchronous, so the field that takes it is the new tab's; a request older than three seconds is
 * dropped, so a field shown much later (behind a tool view) never steals focus.
 */
interface EndpointFocusState {
  requestedAt: number | undefined;
}

export const useEndpointFocusStore = create<EndpointFocusState>()(() => ({ requestedAt: undefined }));

const maxWaitMs = 3000;

export function focusNewTabEndpoint(now: number = Date.now()): void {
  useEndpointFocusStore.setState({ requestedAt: now });
}

/** True (once) when a field shown now should take the focus; the request is used up either way it is taken. */
export function takeEndpointFocus(visible: boolean, now: number = Date.now()): boolean {
  const { requestedAt } = useEndpointFocusStore.getState();
  if (requestedAt === undefined) return false;
  if (now - requestedAt > maxWaitMs) {
    useEndpointFocusStore.setState({ requestedAt: undefined });
    return false;
  }
  if (!visible) return false;
  useEndpointFocusStore.setState({ requestedAt: undefined });
  return true;
}
