/** The answer of a line edit: the list's row as GET /all shows it, and the added or changed line, or `{_id, removed: true}`. */
export interface LineEditAnswer<L extends { _id: string }> {
  list: Record<string, unknown>;
  line: L | { _id: string; removed: true };
}

/** A list as its detail page holds it: the header fields and its lines. */
type WithLines<L> = { inventory_list: L[] };

/** Fields of a list page row that the detail view does not hold. */
const ROW_ONLY = ['latest_remark', 'line_count', 'total_price'];

/**
 * Applies a line edit's answer to the list on screen, without reading the whole list again (issue
 * 13): the header fields from the answer's row, the line replaced in place (or appended when new),
 * or dropped when removed. `edited` is the id of the line an update targeted: when the server merged
 * it into another line (same stock and unit price) it is dropped too. Returns a state updater, so
 * edits that overlap apply in order to the latest list.
 */
export function applyLineEdit<L extends { _id: string }, T extends WithLines<L>>(answer: LineEditAnswer<L>, edited?: string) {
  const header = Object.fromEntries(Object.entries(answer.list).filter(([key]) => !ROW_ONLY.includes(key)));
  return (current: T | null): T | null => {
    if (!current) return current;
    const { line } = answer;
    let lines = current.inventory_list.filter((l) => l._id !== edited || l._id === line._id);
    if ('removed' in line) lines = lines.filter((l) => l._id !== line._id);
    else if (lines.some((l) => l._id === line._id)) lines = lines.map((l) => (l._id === line._id ? line : l));
    else lines = [...lines, line];
    return { ...current, ...header, inventory_list: lines };
  };
}
