import { describe, expect, it } from 'vitest';
import { v1Card } from '../../test/card/fixtures';
import { diffCards } from './card-diff';
import { formatPath, parsePath } from './json-path';
import { stripPrivateMetadata } from './private-metadata';
import { isLoopbackHost } from '../http/host-names';
import { originOf, parseUrlParts } from './url-parts';

function extendedCard(): Record<string, unknown> {
  const card = v1Card();
  card['description'] = 'Reconciles ledgers. Internal: runs on cluster B.';
  const skills = card['skills'] as Array<Record<string, unknown>>;
  skills.splice(1, 0, { id: 'audit', name: 'Audit', description: 'Private audit trail.', tags: ['internal'], metadata: { owner: 'ops' } });
  skills[0]!['examples'] = ['reconcile march.csv april.csv', 'reconcile --all'];
  return card;
}

describe('card diff (public → extended)', () => {
  it('matches skills by id, so an inserted skill is one addition', () => {
    expect(diffCards(v1Card(), extendedCard())).toEqual([
      {
        path: '$.description',
        change: 'changed',
        before: 'Reconciles ledgers and explains differences.',
        after: 'Reconciles ledgers. Internal: runs on cluster B.',
      },
      { path: '$.skills[0].examples[1]', change: 'added', after: 'reconcile --all' },
      { path: '$.skills[1]', change: 'added', after: (extendedCard()['skills'] as unknown[])[1] },
    ]);
  });

  it('is empty for identical cards and reports removals', () => {
    expect(diffCards(v1Card(), v1Card())).toEqual([]);
    const smaller = v1Card();
    delete smaller['provider'];
    expect(diffCards(v1Card(), smaller)).toEqual([{ path: '$.provider', change: 'removed', before: v1Card()['provider'] }]);
  });
});

describe('remove private metadata', () => {
  it('removes extended-only content, resets changed values, drops metadata objects and marked paths', () => {
    const result = stripPrivateMetadata({ card: extendedCard(), publicCard: v1Card(), paths: ['$.provider.url', '$.nope'] });
    const expected = v1Card();
    delete (expected['provider'] as Record<string, unknown>)['url'];
    expect(result.card).toEqual(expected);
    expect(result.removed.map((r) => `${r.reason} ${r.path}`)).toEqual([
      'reset-to-public $.description',
      'extended-only $.skills[0].examples[1]',
      'extended-only $.skills[1]',
      'marked $.provider.url',
    ]);
    expect(result.unmatchedPaths).toEqual(['$.nope']);
    expect(result.signaturesAffected).toBe(true);
  });

  it('removes metadata anywhere without touching the input, and says signatures still hold when only custom fields went', () => {
    const card: Record<string, unknown> = { ...v1Card(), metadata: { build: 7 } };
    (card['skills'] as Array<Record<string, unknown>>)[0]!['metadata'] = { x: 1 };
    const snapshot = JSON.stringify(card);
    const result = stripPrivateMetadata({ card });
    expect(JSON.stringify(card)).toBe(snapshot);
    expect(result.card).toEqual(v1Card());
    expect(result.removed.map((r) => r.path)).toEqual(['$.skills[0].metadata', '$.metadata']);
    expect(result.signaturesAffected).toBe(false);
  });

  it('keeps metadata when asked to', () => {
    const card = { ...v1Card(), metadata: { build: 7 } };
    expect(stripPrivateMetadata({ card, removeMetadata: false }).card).toHaveProperty('metadata');
  });
});

describe('helpers', () => {
  it('json paths round-trip', () => {
    const segments = ['securitySchemes', 'bearer-1', 'list', 0, 'x y'];
    expect(formatPath(segments)).toBe('$.securitySchemes["bearer-1"].list[0]["x y"]');
    expect(parsePath(formatPath(segments))).toEqual(segments);
    expect(parsePath("skills[2]['id']")).toEqual(['skills', 2, 'id']);
    expect(parsePath('$.a[')).toBeUndefined();
  });

  it('origins compare scheme, host and effective port', () => {
    expect(originOf('https://A.example.test/x')).toBe('https://a.example.test:443');
    expect(originOf('https://a.example.test:443/y')).toBe('https://a.example.test:443');
    expect(originOf('127.0.0.1:50051')).toBe('grpc://127.0.0.1:50051');
    expect(originOf('http://[::1]:9/x')).toBe('http://[::1]:9');
    expect(originOf('not a url')).toBeUndefined();
    expect(parseUrlParts('https://user:pw@h.example.test/')?.hasUserinfo).toBe(true);
    expect(isLoopbackHost('127.0.0.7')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
  });
});
