import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimestamp, objectToProtoJson, parseTimestamp, ProtoJsonError, protoJsonToObject, type ProtoFieldSchema, type ProtoSchema } from './proto-json';

const f = (name: string, kind: ProtoFieldSchema['kind'], type: string, extra: Partial<ProtoFieldSchema> = {}): ProtoFieldSchema => ({
  name,
  jsonName: name,
  protoName: name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
  kind,
  type,
  repeated: false,
  optional: false,
  ...extra,
});

// A tiny hand-written schema, independent of any protobuf runtime.
const schema: ProtoSchema = {
  message: (name) =>
    (
      ({
        't.Thing': {
          fullName: 't.Thing',
          fields: [
            f('name', 'scalar', 'string'),
            f('count', 'scalar', 'int32'),
            f('big', 'scalar', 'int64'),
            f('ratio', 'scalar', 'double'),
            f('blob', 'scalar', 'bytes'),
            f('state', 'enum', 't.State'),
            f('tags', 'scalar', 'string', { repeated: true }),
            f('labels', 'scalar', 'string', { mapKey: 'string' }),
            f('when', 'message', 'google.protobuf.Timestamp'),
            f('extra', 'message', 'google.protobuf.Struct'),
            f('any', 'message', 'google.protobuf.Value', { oneof: 'content' }),
            f('text', 'scalar', 'string', { oneof: 'content' }),
            f('limit', 'scalar', 'int32', { optional: true }),
            f('child', 'message', 't.Thing'),
          ],
        },
      }) as Record<string, ReturnType<ProtoSchema['message']>>
    )[name],
  enumType: (name) => (name === 't.State' ? { fullName: 't.State', values: { STATE_UNSPECIFIED: 0, STATE_ON: 1 } } : undefined),
};

describe('ProtoJSON conversion', () => {
  it('converts ProtoJSON to the object form and back', () => {
    const json = {
      name: 'n',
      count: 3,
      big: '9007199254740993',
      ratio: 'NaN',
      blob: 'aGk',
      state: 'STATE_ON',
      tags: ['a'],
      labels: { k: 'v' },
      when: '2025-03-01T10:00:00.5+01:00',
      extra: { a: [1, null, { b: true }] },
      any: null,
      limit: 0,
      child: { count: 0 },
    };
    const obj = protoJsonToObject(schema, 't.Thing', json);
    expect(obj).toMatchObject({
      big: '9007199254740993',
      blob: 'aGk=',
      when: { seconds: '1740819600', nanos: 500000000 },
      any: { nullValue: 0 },
      extra: { fields: { a: { listValue: { values: [{ numberValue: 1 }, { nullValue: 0 }, { structValue: { fields: { b: { boolValue: true } } } }] } } } },
    });
    expect(Number.isNaN(obj['ratio'])).toBe(true);
    const back = objectToProtoJson(schema, 't.Thing', obj);
    expect(back).toEqual({
      name: 'n',
      count: 3,
      big: '9007199254740993',
      ratio: 'NaN',
      blob: 'aGk=',
      state: 'STATE_ON',
      tags: ['a'],
      labels: { k: 'v' },
      when: '2025-03-01T09:00:00.500Z',
      extra: { a: [1, null, { b: true }] },
      any: null,
      limit: 0, // explicit presence keeps the default
      child: {}, // count: 0 has no presence and is dropped
    });
  });

  it('reports problems with a JSON path', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ nmae: 'x' }, /\$\.nmae: unknown field "nmae"/],
      [{ count: 1.5 }, /\$\.count: expected an integer/],
      [{ count: 2 ** 31 }, /out of range/],
      [{ state: 'ON' }, /not a value of t\.State/],
      [{ text: 'a', any: 1 }, /same oneof "content"/],
      [{ when: '2025-02-30T00:00:00Z' }, /real calendar date/],
      [{ tags: ['a', null] }, /\$\.tags\[1\]/],
      [{ blob: '***' }, /base64/],
      [{ child: { child: { name: 1 } } }, /\$\.child\.child\.name: expected a string/],
      [{ name: 'a', name_x: 1 }, /unknown field/],
      ['text', /expected an object/],
    ];
    for (const [input, message] of cases) {
      expect(() => protoJsonToObject(schema, 't.Thing', input)).toThrowError(message);
    }
  });

  it('accepts proto names and numbers for enums, rejects a field given twice', () => {
    expect(protoJsonToObject(schema, 't.Thing', { state: 'STATE_ON' })).toEqual({ state: 1 });
    expect(protoJsonToObject(schema, 't.Thing', { state: 7 })).toEqual({ state: 7 });
    expect(() => protoJsonToObject(schema, 't.Thing', { count: 1, count_x: 2 })).toThrow(ProtoJsonError);
  });

  it('formats and parses timestamps per ProtoJSON (0/3/6/9 digits, offsets, range)', () => {
    expect(formatTimestamp('0', 0)).toBe('1970-01-01T00:00:00Z');
    expect(formatTimestamp(1, 1000)).toBe('1970-01-01T00:00:01.000001Z');
    expect(formatTimestamp(1, 1)).toBe('1970-01-01T00:00:01.000000001Z');
    expect(parseTimestamp('0001-01-01T00:00:00Z')).toEqual({ seconds: '-62135596800', nanos: 0 });
    expect(() => parseTimestamp('10000-01-01T00:00:00Z')).toThrow(ProtoJsonError);
    expect(() => parseTimestamp('2025-01-01 00:00:00')).toThrow(ProtoJsonError);
  });

  it('property: timestamps round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62135596800, max: 253402300799 }), fc.integer({ min: 0, max: 999_999_999 }), (seconds, nanos) => {
        expect(parseTimestamp(formatTimestamp(seconds, nanos))).toEqual({ seconds: String(seconds), nanos });
      }),
    );
  });

  it('property: arbitrary JSON never throws anything but ProtoJsonError', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        try {
          const obj = protoJsonToObject(schema, 't.Thing', json);
          objectToProtoJson(schema, 't.Thing', obj);
        } catch (error) {
          expect(error).toBeInstanceOf(ProtoJsonError);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
