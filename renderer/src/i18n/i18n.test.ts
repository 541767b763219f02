import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en';
import { ko } from './ko';
import { detectLocale, translate } from './i18n';
import { allMethods } from '../../../shared/a2a/catalogue';
import { methodSummary } from './method-summaries';

// `{name}` and the `{name, plural, …}` blocks both take the parameter `name`.
const placeholders = (s: string): string[] => [...new Set([...s.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)].map((m) => m[1] ?? ''))].sort();
// Product names and protocol words that stay the same in Korean.
const sameInBoth = new Set<MessageKey>([
  'app.newA2a',
  'auth.basic',
  'about.capGrpc',
  'card.sig.jwks',
  'card.if.url',
  'checks.group.list-tasks',
  'history.source.cli',
  'import.kind.openapi',
  'import.source.url',
  'http.menu',
  'http.url',
  'http.kind.json',
  'http.textType',
  'mcp.menu',
  // Lines made only of placeholders.
  'restored.line',
  'http.fileChosen',
  'http.paramLabel',
]);

describe('i18n', () => {
  it('has a Korean string for every English key, with the same placeholders', () => {
    // Collected and asserted once: two expect() calls per key (thousands) took seconds on a loaded machine.
    const wrong = (Object.keys(en) as MessageKey[]).filter((key) => !ko[key] || placeholders(ko[key]).join('|') !== placeholders(en[key]).join('|'));
    expect(wrong.map((key) => `${key}: ${JSON.stringify(placeholders(ko[key] ?? ''))} vs ${JSON.stringify(placeholders(en[key]))}`)).toEqual([]);
    // And nothing the English catalogue lost: a key renamed in en.ts leaves no orphan behind in ko.ts.
    expect(Object.keys(ko).filter((key) => !(key in en))).toEqual([]);
  });

  it('translates rather than copies', () => {
    const copied = (Object.keys(en) as MessageKey[]).filter((k) => ko[k] === en[k] && !sameInBoth.has(k));
    expect(copied).toEqual([]);
    const hangul = (Object.keys(en) as MessageKey[]).filter((k) => /[가-힣]/.test(ko[k]));
    expect(hangul.length / Object.keys(en).length).toBeGreaterThan(0.9);
  });

  it('keeps the MCP names the issue gives, and never expands placeholders inside values', () => {
    expect(['mcp.menu', 'mcp.endpoint', 'mcp.connect', 'mcp.saveToSpec', 'mcp.generateBody'].map((k) => translate('en', k as MessageKey))).toEqual([
      'MCP',
      'MCP endpoint',
      'Connect',
      'Save to spec',
      'Generate body',
    ]);
    expect(translate('en', 'mcp.templateVar', { name: 'id', template: 'mem://items/{id}' })).toBe('id in mem://items/{id}');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'outcome.task', { state: 'completed' })).toBe('Task (completed)');
    expect(translate('ko', 'outcome.task', { state: 'completed' })).toBe('태스크 (completed)');
    expect(translate('en', 'outcome.task')).toBe('Task ({state})');
    expect(translate('en', 'card.sig.summary', { valid: 1, total: 2 })).toBe('1 of 2 signatures valid.');
    expect(translate('ko', 'card.sig.summary', { valid: 1, total: 2 })).toBe('서명 2개 중 1개 유효.');
    expect(translate('en', 'oauth.fromScheme', { scheme: 'corp' })).toContain('“corp”');
  });

  it('picks the plural form by the locale rules, so a single count never reads "1 operations"', () => {
    expect(translate('en', 'specs.opCount', { count: 1 })).toBe('1 operation');
    expect(translate('en', 'specs.opCount', { count: 0 })).toBe('0 operations');
    expect(translate('en', 'specs.opCount', { count: 12 })).toBe('12 operations');
    expect(translate('en', 'mcp.server.offers', { tools: 1, resources: 2, templates: 1, prompts: 0 })).toBe('1 tool · 2 resources · 1 template · 0 prompts');
    expect(translate('en', 'history.statsLine', { messages: 1, attempts: 2, retries: 1, duplicates: 0, rate: '0%' })).toBe(
      '1 message sent · 2 attempts · 1 retry · 0 duplicate executions (0%)',
    );
    expect(translate('en', 'http.resp.redirected', { count: 1 })).toBe('Redirected 1 time');
    expect(translate('ko', 'specs.opCount', { count: 1 })).toBe('오퍼레이션 1개');
    // No count given: the `other` form with the gap left visible.
    expect(translate('en', 'specs.opCount')).toBe('{count} operations');
  });

  it('leaves no English count with a bare plural noun', () => {
    const bare = (Object.keys(en) as MessageKey[]).filter((k) => /\{(count|n)\} [a-z]+s\b/.test(en[k]) || /\(s\)/.test(en[k]));
    expect(bare).toEqual([]);
  });

  it('picks Korean for ko-* browsers and English otherwise', () => {
    expect(detectLocale(['ko-KR', 'en'])).toBe('ko');
    expect(detectLocale(['fr-FR', 'en-US'])).toBe('en');
    expect(detectLocale([])).toBe('en');
  });
});

describe('method summaries', () => {
  it('has Korean for every catalogue method, English from the catalogue', () => {
    for (const method of allMethods) {
      expect(methodSummary('en', method)).toBe(method.summary);
      expect(methodSummary('ko', method), method.name).toMatch(/[가-힣]/);
    }
  });
});
