import { describe, expect, it } from 'vitest';
import { queryRows, syncRowsFromUrl, withQuery } from './query-table';

describe('params table ↔ URL', () => {
  it('reads rows, decoding names and values, keeping + literal and repeats apart', () => {
    expect(queryRows('http://h/p?a=1&b=x%20y&a=2&c&d=a+b#frag')).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: 'x y' },
      { name: 'a', value: '2' },
      { name: 'c', value: '' },
      { name: 'd', value: 'a+b' },
    ]);
    expect(queryRows('http://h/p')).toEqual([]);
    expect(queryRows('http://h/p?bad=%E0%A4%A')).toEqual([{ name: 'bad', value: '%E0%A4%A' }]);
  });

  it('writes rows back into the query only, encoded, skipping disabled rows', () => {
    const url = withQuery('http://h/p?old=1#top', [
      { name: 'q', value: 'a b&c' },
      { name: 'ü', value: '日' },
      { name: 'off', value: '1', enabled: false },
    ]);
    expect(url).toBe('http://h/p?q=a%20b%26c&%C3%BC=%E6%97%A5#top');
    expect(new URL(url).searchParams.get('q')).toBe('a b&c');
    expect(withQuery('http://h/p?x=1', [])).toBe('http://h/p');
  });

  it('keeps {{variables}} as written for the core to fill in, encoding the text around them', () => {
    expect(
      withQuery('{{base}}/p', [
        { name: 'q', value: 'a {{term}}&{{ page }}' },
        { name: '{{key}}', value: '1' },
      ]),
    ).toBe('{{base}}/p?q=a%20{{term}}%26{{ page }}&{{key}}=1');
    // Not a variable (bad name, unclosed): encoded like any other text.
    expect(withQuery('http://h/', [{ name: 'q', value: '{{1x}} {{open' }])).toBe('http://h/?q=%7B%7B1x%7D%7D%20%7B%7Bopen');
  });

  it('keeps disabled rows when the URL is edited', () => {
    expect(syncRowsFromUrl('http://h/?a=1', [{ name: 'off', value: 'v', enabled: false }])).toEqual([
      { name: 'a', value: '1' },
      { name: 'off', value: 'v', enabled: false },
    ]);
  });
});
