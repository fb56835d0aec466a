import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseArchiveKey } from './secret-box.js';

describe('archive secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);

  it('seals so the secret is not readable, and opens it again for the same project', () => {
    const sealed = box.seal('wJalrXUtnFEMI/K7MDENG', 'project-1');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('wJalrXUtnFEMI');
    expect(box.seal('wJalrXUtnFEMI/K7MDENG', 'project-1')).not.toBe(sealed); // random IV
    expect(box.open(sealed, 'project-1')).toBe('wJalrXUtnFEMI/K7MDENG');
  });

  it('refuses another project, another key or an altered text', () => {
    const sealed = box.seal('gizli', 'project-1');
    expect(() => box.open(sealed, 'project-2')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'project-1')).toThrow();
    const tampered = `v1:${Buffer.from(Buffer.from(sealed.slice(3), 'base64url').map((b, i) => (i === 30 ? b ^ 1 : b))).toString('base64url')}`;
    expect(() => box.open(tampered, 'project-1')).toThrow();
  });

  it('reads the key as 64 hex characters or base64 of 32 bytes, nothing shorter', () => {
    expect(parseArchiveKey(key.toString('hex'))).toEqual(key);
    expect(parseArchiveKey(key.toString('base64'))).toEqual(key);
    expect(() => parseArchiveKey('kısa')).toThrow(/32 bytes/);
  });
});
