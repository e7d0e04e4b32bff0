import { describe, expect, it } from 'vitest';
import type { OutgoingList } from '../outgoing/api';
import { returnableOf } from './customerReturnRules';

const list = (lines: { _id: string; quantity: { name: string; value: number }[] }[], returns: { line_id: string; quantity: { name: string; value: number }[] }[][]) =>
  ({ inventory_list: lines, customer_returns: returns.map((r) => ({ lines: r })) }) as unknown as OutgoingList;

describe('what a customer may still return', () => {
  it('is everything delivered when nothing came back', () => {
    const returnable = returnableOf(list([{ _id: 'a', quantity: [{ name: 'pcs', value: 10 }] }], []));
    expect(returnable.get('a')).toEqual([{ name: 'pcs', value: 10 }]);
  });

  it('subtracts every return per line and unit, exactly to the thousandth', () => {
    const returnable = returnableOf(
      list(
        [
          { _id: 'a', quantity: [{ name: 'kg', value: 1.005 }, { name: 'box', value: 3 }] },
          { _id: 'b', quantity: [{ name: 'kg', value: 5 }] },
        ],
        [
          [{ line_id: 'a', quantity: [{ name: 'kg', value: 0.001 }] }],
          [{ line_id: 'a', quantity: [{ name: 'kg', value: 0.002 }, { name: 'box', value: 3 }] }, { line_id: 'b', quantity: [{ name: 'kg', value: 1.5 }] }],
        ],
      ),
    );
    // 1.005 - 0.001 - 0.002 is 1.002 (1.005 * 1000 alone is 1004.9999999999999 in floating point)
    expect(returnable.get('a')).toEqual([{ name: 'kg', value: 1.002 }, { name: 'box', value: 0 }]);
    expect(returnable.get('b')).toEqual([{ name: 'kg', value: 3.5 }]);
  });
});
