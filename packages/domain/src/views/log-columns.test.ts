import { describe, expect, it } from 'vitest';
import { LogFieldsParamSchema, logFieldSource } from './log-columns.js';

describe('log columns', () => {
  it('knows where extra columns come from, and that the listed ones need nothing', () => {
    expect(logFieldSource('logger')).toEqual({ kind: 'attribute', field: 'logger' });
    expect(logFieldSource('context.order.id')).toEqual({ kind: 'json', column: 'context', path: ['order', 'id'] });
    expect(logFieldSource('host')).toBeUndefined();
    expect(logFieldSource('metadata')).toBeUndefined();
    expect(logFieldSource("metadata.a'b")).toBeUndefined();
  });

  it('reads the `fields` parameter: trimmed, each once, at most 12, Turkish errors', () => {
    expect(LogFieldsParamSchema.parse(' metadata.user_id, release,metadata.user_id,')).toEqual([
      { key: 'metadata.user_id', source: { kind: 'json', column: 'metadata', path: ['user_id'] } },
      { key: 'release', source: { kind: 'attribute', field: 'release' } },
    ]);
    expect(LogFieldsParamSchema.safeParse('host').error?.issues[0]?.message).toBe('"host" sütun olarak istenemez; logger, release ya da metadata.alan gibi özel bir alan olmalıdır.');
    expect(LogFieldsParamSchema.safeParse('metadata.x);--').success).toBe(false);
    const many = Array.from({ length: 13 }, (_, i) => `metadata.k${i}`).join(',');
    expect(LogFieldsParamSchema.safeParse(many).error?.issues[0]?.message).toBe('En fazla 12 ek sütun istenebilir.');
  });
});
