import { describe, expect, it } from 'vitest';
import { jsonExtent } from './json-extent.js';

/** `{"a":{"a":…{"a":1}}}` with `levels` objects. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('jsonExtent: an upper bound of the JSON length, and the depth, without serialising', () => {
  it('never answers less than JSON.stringify writes, whatever the characters and numbers', () => {
    const samples: unknown[] = [
      {},
      [],
      { user: 42, name: 'Ayşe', ok: true, none: null },
      { control: '\u0000\u0001\u001f', quote: '"\\', lone: '\ud800x', emoji: '😀' },
      { big: -1.7976931348623157e308, tiny: 5e-324, neg: -0.000001234567890123, inf: Infinity },
      [[[[]]], [1, 'two', { three: [3] }]],
      { '\u0001key': '\n'.repeat(100), long: 'x'.repeat(5000) },
    ];
    for (const value of samples) {
      expect(jsonExtent(value, 64).charsBound).toBeGreaterThanOrEqual(JSON.stringify(value).length);
    }
    // A value with toJSON (not what JSON.parse makes) is not bounded by a walk.
    expect(jsonExtent({ at: new Date(0) }, 64).charsBound).toBe(Infinity);
  });

  it('counts nesting levels, and stops past the limit on a value too deep to serialise', () => {
    expect(jsonExtent('text', 64).depth).toBe(0);
    expect(jsonExtent({}, 64).depth).toBe(1);
    expect(jsonExtent({ a: [], b: 1 }, 64).depth).toBe(2);
    expect(jsonExtent(nested(64), 64).depth).toBe(64);
    expect(jsonExtent(nested(65), 64).depth).toBe(65);
    const deep = JSON.parse(`{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`) as unknown;
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(jsonExtent(deep, 64).depth).toBe(65);
  });
});
