import { NotFoundException } from '@nestjs/common';
import type { DbOrTx, Tx } from '../../database/database';
import type { QuantityEntry } from '../../database/schema';
import { assertUnits, fromDecimal, notEnoughStock, toDecimal } from '../quantity';
import { byRecordThenUnit, type LedgerInventory, type StockLedgerRepository } from '../stock-ledger.repository';

/** A level change unit by unit: what it adds to on hand and reserved, and what must be there for it. */
const LEVEL_CHANGES = {
  /** Available stock set aside: reserved grows, available must hold the amount. */
  reserve: (amount: string) => ({ onHand: '0', reserved: amount, guard: 'available' as const }),
  /** A reservation given back: reserved must hold the amount. */
  release: (amount: string) => ({ onHand: '0', reserved: `-${amount}`, guard: 'reserved' as const }),
  /** Stock removed from what is available (an adjustment's removal, a reversed receipt). */
  remove: (amount: string) => ({ onHand: `-${amount}`, reserved: '0', guard: 'available' as const }),
};

/** Quantities in code-unit order of their unit names, the order level rows of one record are locked in. */
export function byUnitName(quantity: QuantityEntry[]): QuantityEntry[] {
  return [...quantity].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The inventory records a movement touches and the level changes made one record at a time:
 * records read with their product (404 unknown, 400 a unit not of the product), levels changed by
 * conditional UPDATEs in lock order, 409 naming product, unit, requested and what is there when
 * one is short.
 */
export class LedgerRecords {
  constructor(private readonly repo: StockLedgerRepository) {}

  /** The record `inventoryId` with its product (404), `quantity`'s units checked against the product (400). */
  async inventory(tx: Tx, inventoryId: string, quantity: QuantityEntry[]): Promise<LedgerInventory> {
    const inv = await this.repo.findInventory(tx, inventoryId);
    if (!inv) throw new NotFoundException('Inventory record not found');
    assertUnits(inv.product.units, quantity, inv.product.name);
    return inv;
  }

  /** The records of `lines` (404 when one is unknown; `known` when the caller read them), units checked against `quantity` (400). */
  async inventoriesOf(db: DbOrTx, lines: { inventoryId: string; quantity: QuantityEntry[] }[], known?: LedgerInventory[]): Promise<Map<string, LedgerInventory>> {
    const found = new Map((known ?? (await this.repo.findInventories(db, [...new Set(lines.map((l) => l.inventoryId))]))).map((i) => [i.id, i]));
    for (const l of lines) {
      const inv = found.get(l.inventoryId);
      if (!inv) throw new NotFoundException('Inventory record not found');
      if (l.quantity.length) assertUnits(inv.product.units, l.quantity, inv.product.name);
    }
    return found;
  }

  /**
   * Changes the levels of `inv` by `quantity` as `change` says, unit by unit in unit name order,
   * each only when its guard holds; at the first that does not, `refuse` throws (by default the
   * 409 naming product, unit, requested and what the level holds).
   */
  async changeLevels(tx: Tx, inv: LedgerInventory, quantity: QuantityEntry[], change: keyof typeof LEVEL_CHANGES, refuse?: (q: QuantityEntry) => Promise<never>): Promise<void> {
    for (const q of byUnitName(quantity)) {
      const amount = toDecimal(q.value);
      const d = LEVEL_CHANGES[change](amount);
      const changed = await this.repo.changeLevel(tx, inv.id, q.name, { ...d, amount });
      if (!changed) await (refuse ?? ((x) => this.short(tx, inv, x, d.guard)))(q);
    }
  }

  /** Checks and takes `removals` from what is available, levels locked in (record id, unit) order; 409 when short (nothing changes). */
  async takeAvailable(tx: Tx, invs: Map<string, LedgerInventory>, removals: { inventoryId: string; quantity: QuantityEntry[] }[]): Promise<void> {
    const entries = removals
      .flatMap((l) => l.quantity.map((q) => ({ inventoryId: l.inventoryId, unit: q.name, value: q.value, amount: toDecimal(q.value) })))
      .sort(byRecordThenUnit);
    const available = await this.repo.lockLevels(tx, entries);
    for (const e of entries) {
      const have = fromDecimal(available.get(`${e.inventoryId}|${e.unit}`));
      if (have < e.value) throw notEnoughStock(invs.get(e.inventoryId)!.product.name, e.unit, e.value, 'available', have, e.inventoryId);
    }
    const changed = await this.repo.subtractOnHand(tx, entries);
    if (changed !== entries.length) throw new Error(`${changed} of ${entries.length} locked level rows changed`);
  }

  /** What is reserved and available of `unit` of `inv` now (0 where it has no level row). */
  async level(tx: Tx, inv: LedgerInventory, unit: string): Promise<{ reserved: number; available: number }> {
    const level = (await this.repo.levels(tx, inv.id)).find((l) => l.unit === unit);
    return { reserved: fromDecimal(level?.reserved), available: fromDecimal(level?.available) };
  }

  private async short(tx: Tx, inv: LedgerInventory, q: QuantityEntry, what: 'available' | 'reserved'): Promise<never> {
    const have = (await this.level(tx, inv, q.name))[what];
    throw notEnoughStock(inv.product.name, q.name, q.value, what, have, inv.id);
  }
}
