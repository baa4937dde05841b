import { describe, expect, it } from 'vitest';
import { protectCell, unprotectCell } from '../src/lib/csv-formula.ts';

describe('CSV formula protection', () => {
  it.each([
    ['=HYPERLINK("http://x","click")', `'=HYPERLINK("http://x","click")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', "'\r=1"],
    ["'=already quoted", "''=already quoted"],
  ])('prefixes %j with a quote', (text, written) => {
    expect(protectCell(text)).toBe(written);
    expect(unprotectCell(written)).toBe(text);
  });

  it.each(['-12.5', '+3', '-1e-7', '-.5', 'Ceps', "'quoted", "''", '', 'a=b', ' =1'])(
    'leaves %j as it is',
    (text) => {
      expect(protectCell(text)).toBe(text);
      expect(unprotectCell(text)).toBe(text);
    },
  );

  it('reads back every text as written, whatever quotes and signs it starts with', () => {
    const starts = ['', "'", "''", '=', '+', '-', '@', '\t', '\r', '1', 'a', ' '];
    for (const a of starts)
      for (const b of starts)
        for (const c of ['', '1', 'x', '=']) {
          const text = a + b + c;
          expect(unprotectCell(protectCell(text))).toBe(text);
        }
  });
});
