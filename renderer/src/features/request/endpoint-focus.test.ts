import { beforeEach, describe, expect, it } from 'vitest';
import { focusNewTabEndpoint, takeEndpointFocus, useEndpointFocusStore } from './endpoint-focus';

describe("focusing a new tab's address box", () => {
  beforeEach(() => useEndpointFocusStore.setState({ requestedAt: undefined }));

  it('is taken once, by the first visible field', () => {
    expect(takeEndpointFocus(true, 1000)).toBe(false);
    focusNewTabEndpoint(1000);
    // A hidden tab's field leaves it for the shown one.
    expect(takeEndpointFocus(false, 1010)).toBe(false);
    expect(takeEndpointFocus(true, 1020)).toBe(true);
    expect(takeEndpointFocus(true, 1030)).toBe(false);
  });

  it('expires, so a field shown much later does not steal focus', () => {
    focusNewTabEndpoint(1000);
    expect(takeEndpointFocus(false, 1500)).toBe(false);
    expect(takeEndpointFocus(true, 4500)).toBe(false);
    expect(useEndpointFocusStore.getState().requestedAt).toBeUndefined();
  });
});
