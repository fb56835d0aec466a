import { describe, expect, it } from 'vitest';
import { isVariableToken, maskToken, tokenizeLogMessage } from './tokenize-log-message.js';

describe('tokenizeLogMessage', () => {
  it('replaces numbers, ids, IPs, hex and UUIDs but keeps the words', () => {
    expect(tokenizeLogMessage('Kullanıcı 42 için oturum açıldı')).toEqual(['Kullanıcı', '<*>', 'için', 'oturum', 'açıldı']);
    expect(tokenizeLogMessage('Received block blk_-1608999687919862906 of size 91178 from /10.250.10.6')).toEqual([
      'Received', 'block', '<*>', 'of', 'size', '<*>', 'from', '<*>',
    ]);
    expect(tokenizeLogMessage('order 3f2c9a1e-8b1d-4c55-9a0e-2b7f0c1d9e77 failed at 0x7ffe12')).toEqual(['order', '<*>', 'failed', 'at', '<*>']);
  });

  it('keeps the punctuation around a value so the template reads like the message', () => {
    expect(tokenizeLogMessage('session opened by (uid=0) from 10.0.0.1:22')).toEqual(['session', 'opened', 'by', '(uid=<*>)', 'from', '<*>']);
  });

  it('treats booleans, nulls, paths, URLs, e-mails and quoted values as variables', () => {
    expect(tokenizeLogMessage('visible=true cache=null')).toEqual(['visible=<*>', 'cache=<*>']);
    expect(tokenizeLogMessage('reading /etc/app/config.yaml')).toEqual(['reading', '<*>']);
    expect(tokenizeLogMessage('GET https://example.org/a?b=c')).toEqual(['GET', '<*>']);
    expect(tokenizeLogMessage('mail to ayse@example.com.tr bounced')).toEqual(['mail', 'to', '<*>', 'bounced']);
    expect(tokenizeLogMessage('tag="View Lock", name=x')).toEqual(['tag="<*>",', 'name=x']);
    expect(tokenizeLogMessage("can't open 'report.pdf'")).toEqual(["can't", 'open', "'<*>'"]);
  });

  it('treats dates, sizes with units and dotted names as variables', () => {
    expect(tokenizeLogMessage('connection at Sat Jul  9 12:16:49 2005')).toEqual(['connection', 'at', '<*>']);
    expect(tokenizeLogMessage('stored (size 5.1 KB, free 317.5 MB)')).toEqual(['stored', '(size', '<*>', '<*>,', 'free', '<*>', '<*>)']);
    expect(tokenizeLogMessage('received broadcast android.intent.action.TIME_TICK')).toEqual(['received', 'broadcast', '<*>']);
  });

  it('keeps single-dot names and ordinary words as wording', () => {
    expect(isVariableToken('NameSystem.addStoredBlock:')).toBe(false);
    expect(isVariableToken('startup')).toBe(false);
    expect(isVariableToken('/')).toBe(false);
    expect(maskToken('none')).toBe('none');
  });

  it('folds a run of values of any length into one variable', () => {
    expect(tokenizeLogMessage('ask to delete blk_1 blk_2 blk_3')).toEqual(tokenizeLogMessage('ask to delete blk_9'));
  });
});
