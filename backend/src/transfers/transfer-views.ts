import type { QuantityEntry } from '../database/schema';
import type { TransferLineView, TransferRowView } from './dto/transfer-view';
import type { TransferStatus } from './transfer-rules';
import type { TransferLineWithRefs, TransferWithRefs } from './transfers.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const numbers = (q: readonly { name: string; value: number | string }[]) => q.map((e) => ({ name: e.name, value: Number(e.value) }));

/** Dispatched minus received per unit, the units that differ only. */
export function shortfallOf(dispatched: readonly QuantityEntry[], received: readonly QuantityEntry[] | null): QuantityEntry[] {
  if (!received) return [];
  return dispatched
    .map((d) => ({ name: d.name, value: Number((Number(d.value) - Number(received.find((r) => r.name === d.name)?.value ?? 0)).toFixed(3)) }))
    .filter((s) => s.value > 0);
}

/** A transfer as the list page shows it. */
export function toRowView(r: TransferWithRefs): TransferRowView {
  const x = r.transfer;
  return {
    _id: x.id,
    trn: x.trn,
    status: x.status as TransferStatus,
    from_warehouse: { _id: r.from.id, name: r.from.name },
    to_warehouse: { _id: r.to.id, name: r.to.name },
    created_by: r.creator,
    createdAt: x.createdAt.toISOString(),
    dispatched_by: r.dispatcher,
    dispatchedAt: iso(x.dispatchedAt),
    received_by: r.receiver,
    receivedAt: iso(x.receivedAt),
    cancelled_by: r.canceller,
    cancelledAt: iso(x.cancelledAt),
    line_count: r.lineCount,
    latest_remark: r.latestRemark,
  };
}

/** A line as the detail shows it; with `hidden` (a blind count's counter reads it) without the available stock. */
export function toLineView(r: TransferLineWithRefs, hidden = false): TransferLineView {
  const x = r.line;
  return {
    _id: x.id,
    inventory: { _id: x.inventoryId },
    destination_inventory: x.destinationInventoryId ? { _id: x.destinationInventoryId } : null,
    product: { _id: r.product.id, name: r.product.name, code: r.product.code, units: r.product.units },
    quantity: numbers(x.quantity),
    received: x.received ? numbers(x.received) : null,
    shortfall: shortfallOf(x.quantity, x.received),
    available: r.available ? (hidden ? [] : numbers(r.available)) : null,
    available_hidden: !!r.available && hidden,
  };
}
