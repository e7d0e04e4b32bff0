import type { OutgoingList, QuantityEntry } from '../outgoing/api';

/** Thousandths, so sums of quantities with 3 decimals stay exact. */
const milli = (v: number) => Math.round(v * 1000);

/**
 * What may still come back of each line of a delivered list, per unit: delivered minus
 * everything its customer returns already took back. The server checks the same bound (409).
 */
export function returnableOf(list: OutgoingList): Map<string, QuantityEntry[]> {
  const returned = new Map<string, number>();
  for (const r of list.customer_returns ?? []) {
    for (const line of r.lines) for (const q of line.quantity) returned.set(`${line.line_id}/${q.name}`, (returned.get(`${line.line_id}/${q.name}`) ?? 0) + milli(q.value));
  }
  return new Map(
    list.inventory_list.map((line) => [
      line._id,
      line.quantity.map((q) => ({ name: q.name, value: (milli(q.value) - (returned.get(`${line._id}/${q.name}`) ?? 0)) / 1000 })),
    ]),
  );
}
