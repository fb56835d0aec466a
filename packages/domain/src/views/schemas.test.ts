import { describe, expect, it } from 'vitest';
import { SavedViewInputSchema } from './schemas.js';

describe('SavedViewInputSchema', () => {
  it('trims, defaults the columns and accepts custom-field columns', () => {
    expect(SavedViewInputSchema.parse({ name: '  Ödeme hataları ', query: ' level:error tags:payments ' })).toEqual({
      name: 'Ödeme hataları',
      query: 'level:error tags:payments',
      columns: ['timestamp', 'level', 'message', 'environment', 'host'],
    });
    expect(SavedViewInputSchema.parse({ name: 'a', query: '', columns: ['message', 'metadata.user_id'] }).columns).toEqual(['message', 'metadata.user_id']);
  });

  it('answers Turkish messages: the query error names its position', () => {
    const issues = (input: unknown) => SavedViewInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ name: ' ', query: 'level:nope', columns: ['colour', 'message', 'message'] })).toEqual([
      'name: Görünüm adı gereklidir.',
      'query: 7. karakterde hata: Geçersiz seviye "nope"; debug, info, warning, error veya critical olmalıdır.',
      'columns.0: Sütunlar şunlardan seçilmelidir: timestamp, level, message, environment, host, logger, release, tags, group ya da metadata.alan gibi özel bir alan.',
      'columns: Bir sütun yalnızca bir kez seçilebilir.',
    ]);
    expect(issues({ name: 'x'.repeat(101), query: 'a', columns: Array(13).fill('message') })).toEqual([
      'name: Görünüm adı en fazla 100 karakter olabilir.',
      'columns: En fazla 12 sütun seçilebilir.',
    ]);
  });
});
