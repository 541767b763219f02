import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { v03Card, v1Card } from '../../test/card/fixtures';
import { canonicalCandidates, canonicalCardObject, pathsRemovedByStripping, sdkStyleCardObject, stripEmpty } from './card-canonical';

const jcs = (value: unknown): string => canonicalize(value) as string;

describe('A2A 1.0 canonical form (§8.4.1)', () => {
  it('reproduces the spec worked example byte for byte', () => {
    const fragment = {
      name: 'Example Agent',
      description: '',
      capabilities: { streaming: false, pushNotifications: false, extensions: [] },
      skills: [],
    };
    expect(jcs(canonicalCardObject(fragment))).toBe(
      '{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}',
    );
  });

  it('keeps REQUIRED fields even when empty, and explicitly set optional fields even when false', () => {
    const card = v1Card();
    card['description'] = '';
    const canonical = canonicalCardObject(card);
    expect(canonical['description']).toBe('');
    expect((canonical['skills'] as Array<Record<string, unknown>>)[1]?.['tags']).toEqual([]);
    expect(canonical['capabilities']).toEqual({ streaming: true, pushNotifications: false, extendedAgentCard: true });
  });

  it('drops default-valued plain fields, custom fields at every depth, and signatures', () => {
    const card = v1Card();
    card['signatures'] = [{ protected: 'x', signature: 'y' }];
    card['x-internal'] = { owner: 'ops' };
    (card['capabilities'] as Record<string, unknown>)['extensions'] = [];
    (card['capabilities'] as Record<string, unknown>)['stateTransitionHistory'] = true;
    (card['supportedInterfaces'] as Array<Record<string, unknown>>)[0]!['tenant'] = '';
    (card['skills'] as Array<Record<string, unknown>>)[1]!['examples'] = [];
    (card['skills'] as Array<Record<string, unknown>>)[1]!['rating'] = 5;
    const canonical = canonicalCardObject(card);
    expect(canonical).not.toHaveProperty('signatures');
    expect(canonical).not.toHaveProperty('x-internal');
    expect(canonical['capabilities']).not.toHaveProperty('extensions');
    expect(canonical['capabilities']).not.toHaveProperty('stateTransitionHistory');
    expect((canonical['supportedInterfaces'] as Array<Record<string, unknown>>)[0]).not.toHaveProperty('tenant');
    expect((canonical['skills'] as Array<Record<string, unknown>>)[1]).toEqual({
      id: 'explain',
      name: 'Explain',
      description: 'Explains a difference.',
      tags: [],
    });
  });

  it('does not invent absent REQUIRED fields, so deleting an empty one changes the bytes', () => {
    const card = v1Card();
    const before = jcs(canonicalCardObject(card));
    delete (card['skills'] as Array<Record<string, unknown>>)[1]!['tags'];
    expect(jcs(canonicalCardObject(card))).not.toBe(before);
  });

  it('keeps optional fields only when set, and treats null as unset', () => {
    const card = v1Card();
    card['iconUrl'] = null;
    card['documentationUrl'] = '';
    const canonical = canonicalCardObject(card);
    expect(canonical).not.toHaveProperty('iconUrl');
    expect(canonical['documentationUrl']).toBe('');
  });

  it('keeps a set oneof member even when its message is empty, and the scope-less requirement', () => {
    const card = v1Card();
    card['securitySchemes'] = { tls: { mtlsSecurityScheme: {} } };
    card['securityRequirements'] = [{ schemes: { tls: { list: [] } } }];
    const canonical = canonicalCardObject(card);
    expect(canonical['securitySchemes']).toEqual({ tls: { mtlsSecurityScheme: {} } });
    expect(canonical['securityRequirements']).toEqual([{ schemes: { tls: {} } }]);
  });

  it('reads proto (snake_case) names and writes JSON names', () => {
    const card = v1Card();
    card['supported_interfaces'] = card['supportedInterfaces'];
    delete card['supportedInterfaces'];
    card['default_input_modes'] = card['defaultInputModes'];
    delete card['defaultInputModes'];
    expect(jcs(canonicalCardObject(card))).toBe(jcs(canonicalCardObject(v1Card())));
  });

  it('keeps Struct contents as they are, but drops an empty plain Struct', () => {
    const card = v1Card();
    (card['capabilities'] as Record<string, unknown>)['extensions'] = [
      { uri: 'https://ext.example.test/a', params: { depth: 0, on: false, tags: [] } },
      { uri: 'https://ext.example.test/b', params: {}, required: false },
    ];
    const exts = (canonicalCardObject(card)['capabilities'] as Record<string, unknown>)['extensions'];
    expect(exts).toEqual([{ uri: 'https://ext.example.test/a', params: { depth: 0, on: false, tags: [] } }, { uri: 'https://ext.example.test/b' }]);
  });

  it('is independent of key order in the input', () => {
    const card = v1Card();
    const reversed = Object.fromEntries(Object.entries(card).reverse());
    expect(jcs(canonicalCardObject(reversed))).toBe(jcs(canonicalCardObject(card)));
  });
});

describe('SDK-style form (strip every empty value)', () => {
  it('matches what the reference measured for the spec example', () => {
    const fragment = { name: 'Example Agent', description: '', capabilities: { streaming: false, pushNotifications: false, extensions: [] }, skills: [] };
    expect(jcs(sdkStyleCardObject(fragment))).toBe('{"capabilities":{"pushNotifications":false,"streaming":false},"name":"Example Agent"}');
  });

  it('drops the scope-less security requirement entirely and empty REQUIRED fields', () => {
    const sdk = sdkStyleCardObject(v1Card());
    expect(sdk['securityRequirements']).toEqual([{ schemes: { key: { list: ['read'] } } }]);
    expect((sdk['skills'] as Array<Record<string, unknown>>)[1]).not.toHaveProperty('tags');
  });

  it('stripEmpty keeps false and 0, removes "", null, [] and {} recursively', () => {
    expect(stripEmpty({ a: '', b: null, c: [], d: {}, e: { f: [''] }, g: false, h: 0, i: [null, 1] })).toEqual({ g: false, h: 0, i: [1] });
  });

  it('lists the paths the SDK form leaves out', () => {
    const fragment = { name: 'n', description: '', skills: [{ id: 's', name: 'S', description: 'd', tags: [] }] };
    expect(pathsRemovedByStripping(canonicalCardObject(fragment))).toEqual(['$.description', '$.skills[0].tags']);
  });
});

describe('candidates per version', () => {
  it('1.0 verifies the spec form and explains with the SDK and whole-card forms', () => {
    const { primary, alternatives } = canonicalCandidates(v1Card(), '1.0');
    expect(primary.form).toBe('a2a-1.0');
    expect(alternatives.map((a) => a.form)).toEqual(['sdk-strip-empty', 'whole-card']);
  });

  it('0.3 takes the whole card minus signatures', () => {
    const card = { ...v03Card(), signatures: [{ protected: 'a', signature: 'b' }], custom: 1 };
    const { primary } = canonicalCandidates(card, '0.3');
    expect(primary.form).toBe('whole-card');
    expect(primary.value).not.toHaveProperty('signatures');
    expect(primary.value['custom']).toBe(1);
  });
});
