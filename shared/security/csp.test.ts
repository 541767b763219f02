import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp';

function directives(csp: string): Map<string, string> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('lets MCP audio content (data: URLs) play, and nothing broader', () => {
    for (const connectSelf of [true, false]) {
      const policy = directives(contentSecurityPolicy({ connectSelf }));
      expect(policy.get('media-src')).toBe('data:');
      expect(policy.get('default-src')).toBe("'none'");
    }
  });

  it('keeps scripts to the bundle and the page off the network unless the host serves it', () => {
    expect(directives(contentSecurityPolicy({ connectSelf: false })).get('connect-src')).toBe("'none'");
    expect(directives(contentSecurityPolicy({ connectSelf: true })).get('connect-src')).toBe("'self'");
    expect(directives(contentSecurityPolicy({ connectSelf: true })).get('script-src')).toBe("'self'");
  });
});
