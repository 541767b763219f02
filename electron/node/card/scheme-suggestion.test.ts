import { describe, expect, it } from 'vitest';
import { schemeSuggestion } from './scheme-suggestion';

describe('schemeSuggestion', () => {
  it('suggests https:// for addresses with a plausible host', () => {
    for (const text of ['agent.example.com', 'agent.example.com/a2a', 'localhost:9999', '127.0.0.1:9999', '[::1]:8080', 'agent:8080', ' api.example.io '])
      expect(schemeSuggestion(text), text).toBe(`https://${text.trim()}`);
  });

  it('offers nothing for text that is not an address', () => {
    for (const text of ['not a url', 'hello', '', '   ', 'foo..bar', '-x-.com', 'a.b', 'foo.123', '{{baseUrl}}', 'http//x', 'just/a/path'])
      expect(schemeSuggestion(text), text).toBeUndefined();
  });
});
