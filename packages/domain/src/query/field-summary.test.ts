import { describe, expect, it } from 'vitest';
import { FIELD_MAX_KEYS, FIELD_MAX_VALUES, summarizeFields, type FieldSample } from './field-summary.js';

const sample = (over: Partial<FieldSample>): FieldSample => ({ tags: [], metadata: null, context: null, request: null, response: null, ...over });

describe('summarizeFields', () => {
  it('lists keys as the query language writes them, by how many logs carry them, with top values', () => {
    const fields = summarizeFields([
      sample({ tags: ['payments', 'checkout'], metadata: { user_id: 42, plan: 'pro' }, response: { status_code: 502 } }),
      sample({ tags: ['payments'], metadata: { user_id: 42, roles: ['admin', 'ops'] }, context: { order: { id: 'A-17' } } }),
      sample({ metadata: { user_id: 7, 'bad key': 1 }, request: { method: 'POST' } }),
    ]);
    expect(fields).toEqual([
      { key: 'metadata.user_id', count: 3, values: [{ value: '42', count: 2 }, { value: '7', count: 1 }] },
      { key: 'tags', count: 2, values: [{ value: 'payments', count: 2 }, { value: 'checkout', count: 1 }] },
      { key: 'context.order.id', count: 1, values: [{ value: 'A-17', count: 1 }] },
      { key: 'metadata.plan', count: 1, values: [{ value: 'pro', count: 1 }] },
      { key: 'metadata.roles', count: 1, values: [{ value: 'admin', count: 1 }, { value: 'ops', count: 1 }] },
      { key: 'request.method', count: 1, values: [{ value: 'POST', count: 1 }] },
      { key: 'response.status_code', count: 1, values: [{ value: '502', count: 1 }] },
    ]);
  });

  it('stays bounded in keys, values and value length', () => {
    const many = Array.from({ length: 300 }, (_, i) => sample({ metadata: { [`k${i}`]: i, shared: `v${i}`, long: 'x'.repeat(500) } }));
    const fields = summarizeFields(many);
    expect(fields).toHaveLength(FIELD_MAX_KEYS);
    expect(fields.find((f) => f.key === 'metadata.shared')!.values).toHaveLength(FIELD_MAX_VALUES);
    expect(fields.find((f) => f.key === 'metadata.long')!.values[0]!.value).toHaveLength(100);
  });
});
