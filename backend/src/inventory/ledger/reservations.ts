import type { Database, DbOrTx, Tx } from '../../database/database';
import type { QuantityEntry } from '../../database/schema';
import { fromDecimal } from '../quantity';
import type { StockLedgerRepository } from '../stock-ledger.repository';
import type { LedgerRecords } from './ledger-records';

/**
 * Reservations: stock set aside for an approved outgoing list, moved between available and
 * reserved with no ledger row (the delivery writes the row, `fromReserved`). Levels are changed by
 * conditional UPDATEs in unit name order, so a reservation can neither oversell nor lose an update.
 */
export class StockReservations {
  constructor(
    private readonly db: Database,
    private readonly repo: StockLedgerRepository,
    private readonly records: LedgerRecords,
  ) {}

  /** Reserves available stock (on_hand - reserved); 404 unknown record, 400 a unit not of the product, 409 when short. */
  async reserve(tx: Tx, inventoryId: string, quantity: QuantityEntry[]): Promise<void> {
    const inv = await this.records.inventory(tx, inventoryId, quantity);
    await this.records.changeLevels(tx, inv, quantity, 'reserve');
  }

  /** Releases a reservation; 404 unknown record, 400 a unit not of the product, 409 when less is reserved than asked. */
  async release(tx: Tx, inventoryId: string, quantity: QuantityEntry[]): Promise<void> {
    const inv = await this.records.inventory(tx, inventoryId, quantity);
    await this.records.changeLevels(tx, inv, quantity, 'release');
  }

  /** Available (on_hand - reserved) per unit of the record, in unit name order. */
  async available(inventoryId: string, tx: DbOrTx = this.db): Promise<QuantityEntry[]> {
    const rows = await this.repo.levels(tx, inventoryId);
    return rows.map((r) => ({ name: r.unit, value: fromDecimal(r.available) }));
  }
}
