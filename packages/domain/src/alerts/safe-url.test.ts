import { describe, expect, it } from 'vitest';
import { checkOutgoingUrl, isPrivateHost } from './safe-url.js';

describe('outgoing alert URLs', () => {
  it('accepts public http and https addresses', () => {
    expect(checkOutgoingUrl('https://hooks.slack.com/services/T/B/x')).toBeUndefined();
    expect(checkOutgoingUrl('http://example.com:8080/hook?a=1')).toBeUndefined();
  });

  it('refuses other schemes, credentials, overlong and malformed URLs with Turkish reasons', () => {
    expect(checkOutgoingUrl('file:///etc/passwd')).toMatch(/http:\/\/ veya https:\/\//);
    expect(checkOutgoingUrl('gopher://example.com')).toMatch(/http/);
    expect(checkOutgoingUrl('nota url')).toMatch(/geçerli bir URL/);
    expect(checkOutgoingUrl('https://user:pw@example.com/')).toMatch(/kullanıcı adı veya şifre/);
    expect(checkOutgoingUrl(`https://example.com/${'a'.repeat(2050)}`)).toMatch(/2048/);
  });

  it('refuses loopback, private, link-local and metadata addresses unless allowed', () => {
    for (const url of [
      'http://localhost/x',
      'http://api.localhost/x',
      'http://127.0.0.1:9000/',
      'http://10.1.2.3/',
      'http://172.20.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
    ]) {
      expect(checkOutgoingUrl(url), url).toMatch(/özel bir ağa/);
    }
    expect(checkOutgoingUrl('http://127.0.0.1:9000/', true)).toBeUndefined();
    expect(isPrivateHost('8.8.8.8')).toBe(false);
    expect(isPrivateHost('172.32.0.1')).toBe(false);
    expect(isPrivateHost('2606:4700::1111')).toBe(false);
  });
});
