import { describe, expect, it } from 'vitest';
import { elicitResultProblems, type McpElicitSchema } from '../../../../shared/mcp/mcp-elicitation';
import { contentFrom, startValues } from './mcp-elicitation-form';

const schema: McpElicitSchema = {
  type: 'object',
  properties: {
    city: { type: 'string', title: 'City' },
    days: { type: 'integer', minimum: 1 },
    ratio: { type: 'number' },
    units: { type: 'string', oneOf: [{ const: 'metric', title: 'Metric' }] },
    alerts: { type: 'boolean' },
    tags: { type: 'array', items: { enum: ['a', 'b'] } },
  },
  required: ['city'],
};

describe('the elicitation form’s content', () => {
  it('turns typed text into the schema’s types and leaves empty optional fields out', () => {
    const content = contentFrom(schema.properties, { city: 'Seoul', days: '3', ratio: '', units: 'metric', alerts: false, tags: [] });
    expect(content).toEqual({ city: 'Seoul', days: 3, units: 'metric', alerts: false });
    expect(elicitResultProblems(schema, { action: 'accept', content })).toEqual([]);
  });

  it('sends a number that does not parse as typed, so the core’s refusal names the field', () => {
    const content = contentFrom(schema.properties, { city: 'x', days: 'many' });
    expect(content['days']).toBe('many');
    expect(elicitResultProblems(schema, { action: 'accept', content })).toEqual(['"days" must be a number.']);
    expect(elicitResultProblems(schema, { action: 'accept', content: { city: 'x', tags: ['c'] } })).toEqual(['"tags" may only hold "a", "b".']);
    expect(elicitResultProblems(schema, { action: 'decline', content: {} })).toEqual(['Only an accepted answer carries content.']);
  });

  it('an optional checkbox the user did not touch is left out (the server’s default applies); a required or defaulted one is sent', () => {
    const props = { ...schema.properties, must: { type: 'boolean' as const }, on: { type: 'boolean' as const, default: true } };
    const start = startValues(props, new Set(['city', 'must']));
    expect(start).not.toHaveProperty('alerts');
    expect(contentFrom(props, { ...start, city: 'Seoul' })).toEqual({ city: 'Seoul', must: false, on: true });
    // Ticked and unticked again: the user chose false, and false is sent.
    expect(contentFrom(props, { ...start, city: 'Seoul', alerts: false })).toEqual({ city: 'Seoul', must: false, on: true, alerts: false });
    // A property named like a prototype member is an ordinary field.
    expect(Object.keys(startValues(JSON.parse('{"__proto__":{"type":"string"}}') as typeof props, new Set()))).toEqual(['__proto__']);
  });
});
