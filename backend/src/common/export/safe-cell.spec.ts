import { safeCellText } from './safe-cell';

describe('safeCellText (issue 12, point 22)', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(1)', '\t=1', '\r=1', '=', '-'])('prefixes %j with a single quote', (text) => {
    expect(safeCellText(text)).toBe(`'${text}`);
  });

  it.each(['Steel rod 12 mm', 'a=b', ' =1', "'quoted", '', '100', 'ÖL-5'])('keeps %j as it is', (text) => {
    expect(safeCellText(text)).toBe(text);
  });

  it('keeps null (an empty cell)', () => {
    expect(safeCellText(null)).toBeNull();
  });
});
