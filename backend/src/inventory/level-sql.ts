import { sql, type SQL } from 'drizzle-orm';
import { stockTransferLines, stockTransfers } from '../database/schema';

/** A level row of an inventory record as the API answers it (NUMERIC texts; issue 13: on hand, reserved, available, issue 15: in transit). */
export type InventoryLevelRow = { inventoryId: string; unit: string; onHand: string; reserved: string; available: string; inTransit: string };

/**
 * The quantity dispatched to the level's record in its unit by transfers not yet received (issue
 * 15), NUMERIC, 0 without any. `level` names a row source with `inventory_id` and `unit` columns
 * (written qualified: the transfer lines have an inventory_id too).
 */
export function inTransitSql(level: SQL): SQL<string> {
  return sql<string>`coalesce((SELECT sum((e->>'value')::numeric) FROM ${stockTransferLines} tl
    JOIN ${stockTransfers} tr ON tr.id = tl.transfer_id, jsonb_array_elements(tl.quantity) e
    WHERE tl.destination_inventory_id = ${level}.inventory_id AND tr.status = 'in_transit' AND e->>'name' = ${level}.unit), 0)`;
}
