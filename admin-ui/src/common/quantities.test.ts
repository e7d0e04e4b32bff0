import { describe, expect, it } from 'vitest';
import { quantityText as signedQuantityText, signedText } from '../adjustments/api';
import { fromQuantity, toQuantity } from '../incoming/QuantityFields';
import { quantityText } from '../inventory/api';
import { parsePhone } from '../users/validation';

describe('typed quantities', () => {
  it('keeps the units with a number above 0', () => {
    expect(toQuantity({ pcs: '10', box: '', kg: '2.5' })).toEqual([{ name: 'pcs', value: 10 }, { name: 'kg', value: 2.5 }]);
    expect(toQuantity({ pcs: '0', box: '-1', kg: 'abc' })).toEqual([]);
    expect(toQuantity({})).toEqual([]);
  });

  it('prefills the fields from a line, and reads them back unchanged', () => {
    const line = [{ name: 'pcs', value: 12 }, { name: 'box', value: 0.125 }];
    expect(fromQuantity(line)).toEqual({ pcs: '12', box: '0.125' });
    expect(toQuantity(fromQuantity(line))).toEqual(line);
  });
});

describe('quantities as text', () => {
  it('lists each unit, empty for none', () => {
    expect(quantityText([{ name: 'pcs', value: 10 }, { name: 'box', value: 2 }])).toBe('10 pcs, 2 box');
    expect(quantityText(null)).toBe('');
    expect(quantityText([])).toBe('');
  });

  it('signs adjustments with + and a true minus sign', () => {
    expect(signedText({ name: 'pcs', value: 5 })).toBe('+5 pcs');
    expect(signedText({ name: 'box', value: -2 })).toBe('\u22122 box');
    expect(signedQuantityText([{ name: 'pcs', value: 5 }, { name: 'box', value: -2.5 }])).toBe('+5 pcs, \u22122.5 box');
  });
});

describe('staff phone input', () => {
  it.each([
    ['911223344', '911223344'],
    ['+251 911 223344', '911223344'],
    ['0911223344', '911223344'],
    ['91-12-23', '911223'],
    ['9112233449999', '911223344'],
  ])('keeps %j as %j', (typed, kept) => expect(parsePhone(typed)).toBe(kept));
});
