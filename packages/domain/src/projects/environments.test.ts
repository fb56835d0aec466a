import { describe, expect, it } from 'vitest';
import { checkNewEnvironment, normalizeEnvironment } from './environments.js';

describe('environment names', () => {
  it('are trimmed and lower-cased without turning I into a dotless ı', () => {
    expect(normalizeEnvironment('  PRODUCTION ')).toBe('production');
    expect(normalizeEnvironment('İSTANBUL')).toBe('istanbul');
    expect(normalizeEnvironment('Staging')).toBe('staging');
  });

  it('ignore empty input, warn on duplicates and refuse spaces', () => {
    expect(checkNewEnvironment(['production'], '   ')).toBe('empty');
    expect(checkNewEnvironment(['production'], ' Production')).toBe('duplicate');
    expect(checkNewEnvironment(['production'], 'iki kelime')).toBe('invalid');
    expect(checkNewEnvironment(['production'], 'qa-2')).toBe('ok');
  });
});
