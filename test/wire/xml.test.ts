import { describe, expect, it } from 'vitest';
import { WireFormatError } from '../../src/wire/types.js';
import { escapeXml, findDeep, parseXml } from '../../src/wire/xml.js';

describe('xml', () => {
  it('parses elements, attributes, text, entities, CDATA, comments and the declaration', () => {
    const doc = parseXml(
      '<?xml version="1.0"?>\n<!-- hi --><A xmlns="urn:x" k=\'v&amp;w\'><B>1 &lt; 2 &#x41;&#66;</B><C/><D><![CDATA[<raw>]]></D>\n</A>\n',
    );
    expect(doc.name).toBe('A');
    expect(doc.attrs).toEqual({ xmlns: 'urn:x', k: 'v&w' });
    expect(doc.children.map((c) => [c.name, c.text])).toEqual([
      ['B', '1 < 2 AB'],
      ['C', ''],
      ['D', '<raw>'],
    ]);
    expect(findDeep(doc, 'D')?.text).toBe('<raw>');
  });

  it('escapes what XML text needs, keeps CR through a round trip and writes characters XML cannot carry as their escape', () => {
    const s = 'a&b<c>d"e\'f\r\ng\u0001\u001b\uffff';
    expect(escapeXml(s)).toBe('a&amp;b&lt;c&gt;d"e\'f&#xD;\ng\\u0001\\u001b\\uffff');
    expect(parseXml(`<x>${escapeXml(s)}</x>`).text).toBe('a&b<c>d"e\'f\r\ng\\u0001\\u001b\\uffff');
  });

  it.each([
    ['not XML at all', '{"json": true}'],
    ['mismatched tags', '<a><b></a></b>'],
    ['unterminated', '<a><b>'],
    ['trailing content', '<a/><b/>'],
    ['unknown entity', '<a>&nbsp;</a>'],
    ['empty', ''],
  ])('rejects %s', (_n, text) => {
    expect(() => parseXml(text)).toThrow(WireFormatError);
  });
});
