import { describe, expect, it } from 'vitest';
import { accessNote } from './access-note';

describe('accessNote', () => {
  it('titles a 401 or 403 as the agent refusing the credentials, even inside a JSON-RPC error', () => {
    expect(accessNote('rpc-error', 401, 'bearer').title).toBe('error.refused401');
    expect(accessNote('http-error', 403, 'bearer').title).toBe('error.refused403');
  });

  it('keeps the protocol title for other statuses', () => {
    expect(accessNote('rpc-error', 200, 'none', 'bearer')).toEqual({ title: 'error.rpcTitle' });
    expect(accessNote('rpc-error', undefined, 'none', 'bearer')).toEqual({ title: 'error.rpcTitle' });
    expect(accessNote('http-error', 500, 'none', 'bearer')).toEqual({ title: 'error.httpTitle' });
  });

  it('names the card’s scheme to set in Auth only when the tab sends no auth', () => {
    expect(accessNote('rpc-error', 401, 'none', 'bearerAuth (Bearer)')).toEqual({ title: 'error.refused401', setAuthFor: 'bearerAuth (Bearer)' });
    expect(accessNote('rpc-error', 401, 'bearer', 'bearerAuth (Bearer)')).toEqual({ title: 'error.refused401' });
    expect(accessNote('rpc-error', 401, 'none')).toEqual({ title: 'error.refused401' });
  });
});
