import { describe, expect, it } from 'vitest';
import { stringifyStorable, toStorableJsonText } from './storable-json.js';

describe('toStorableJsonText', () => {
  it('replaces a NUL escape by U+FFFD', () => {
    expect(JSON.parse(toStorableJsonText('{"m":"a\\u0000b"}'))).toEqual({ m: 'a\ufffdb' });
  });

  it('replaces lone high and low surrogates but keeps valid pairs', () => {
    const parsed = JSON.parse(toStorableJsonText('["x\\ud83d", "\\ude00y", "\\ud83d\\ude00", "\\uD800\\uDC00"]')) as string[];
    expect(parsed).toEqual(['x\ufffd', '\ufffdy', '😀', '\u{10000}']);
  });

  it('leaves escaped backslashes alone: the text \\u0000 stays text', () => {
    const json = JSON.stringify({ path: 'C:\\u0000dir', other: '\\\\' });
    expect(JSON.parse(toStorableJsonText(json))).toEqual({ path: 'C:\\u0000dir', other: '\\\\' });
  });

  it('stringifies values with NUL and lone surrogates into storable JSON', () => {
    expect(JSON.parse(stringifyStorable({ a: 'x\u0000', b: ['\ud800'], c: 'ok 😀' }))).toEqual({ a: 'x\ufffd', b: ['\ufffd'], c: 'ok 😀' });
  });
});
