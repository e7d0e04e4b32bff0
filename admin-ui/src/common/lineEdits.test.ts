import { describe, expect, it } from 'vitest';
import { applyLineEdit } from './lineEdits';

type Line = { _id: string; qty: number };
type List = { status: string; total: number; inventory_list: Line[] };

const current: List = { status: 'draft', total: 30, inventory_list: [{ _id: 'a', qty: 1 }, { _id: 'b', qty: 2 }] };
const row = { status: 'draft', total: 99, latest_remark: 'hi', line_count: 2, total_price: '10.00' };

describe('applying a line edit to the list on screen', () => {
  it('replaces a changed line in place and takes the header fields, not the row-only ones', () => {
    const next = applyLineEdit<Line, List>({ list: row, line: { _id: 'a', qty: 5 } })(current)!;
    expect(next.inventory_list).toEqual([{ _id: 'a', qty: 5 }, { _id: 'b', qty: 2 }]);
    expect(next.total).toBe(99);
    expect(next).not.toHaveProperty('latest_remark');
    expect(next).not.toHaveProperty('line_count');
  });

  it('appends a new line and drops a removed one', () => {
    expect(applyLineEdit<Line, List>({ list: row, line: { _id: 'c', qty: 3 } })(current)!.inventory_list.map((l) => l._id)).toEqual(['a', 'b', 'c']);
    expect(applyLineEdit<Line, List>({ list: row, line: { _id: 'a', removed: true } })(current)!.inventory_list.map((l) => l._id)).toEqual(['b']);
  });

  it('drops the edited line when the server merged it into another', () => {
    const next = applyLineEdit<Line, List>({ list: row, line: { _id: 'b', qty: 3 } }, 'a')(current)!;
    expect(next.inventory_list).toEqual([{ _id: 'b', qty: 3 }]);
  });

  it('leaves no list as none', () => {
    expect(applyLineEdit<Line, List>({ list: row, line: { _id: 'a', qty: 5 } })(null)).toBeNull();
  });
});
