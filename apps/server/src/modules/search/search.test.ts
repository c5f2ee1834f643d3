import { describe, expect, it } from 'vitest';
import { plainText } from './search.text.js';
import { markedToHtml, queryTokens } from './search.service.js';

describe('queryTokens', () => {
  it('keeps letters and digits of any script, lower case', () => {
    expect(queryTokens('  Ember ONE & !frost | (Zürich) 20 ')).toEqual(['ember', 'one', 'frost', 'zürich', '20']);
    expect(queryTokens("mint:* <-> 'a'")).toEqual(['mint', 'a']);
    expect(queryTokens('!!!')).toEqual([]);
  });
});

describe('markedToHtml', () => {
  it('escapes everything and turns only the markers into balanced <mark> tags', () => {
    expect(markedToHtml('a \u0002<b>\u0003 & "c"')).toBe('a <mark>&lt;b&gt;</mark> &amp; &quot;c&quot;');
    expect(markedToHtml('\u0002open')).toBe('<mark>open</mark>');
    expect(markedToHtml('x\u0003y\u0002z\u0004w')).toBe('xy<mark>z</mark> … w');
  });
});

describe('plainText', () => {
  it('drops markup, markdown and control characters', () => {
    expect(plainText('# Title\n\nSome **bold** [link](/x) <b>tag</b>\u0002 ![img](/m.png) &amp; more')).toBe('Title Some bold link tag &amp more'.replace('&amp', '&'));
  });
});
