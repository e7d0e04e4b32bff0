import { Injectable } from '@nestjs/common';
import { scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import type { Role } from '@inventory/common';
import { BadgesRepository } from './badges.repository';

/** The counts behind the red menu badges (Menu badges). */
export interface BadgeCounts {
  /** Incoming lists in pending_finance_approval (finance acts on them). */
  incomingAwaitingFinance: number;
  /** Incoming lists in pending_import_admin_approval (importAdmin acts on them). */
  incomingAwaitingImportAdmin: number;
  /** Outgoing lists in pending_finance_approval (finance acts on them). */
  outgoingAwaitingFinance: number;
  /** Outgoing lists in pending_sales_supervisor_approval (salesSupervisor acts on them). */
  outgoingAwaitingSupervisor: number;
  /** Outgoing lists approved and awaiting delivery from the caller's warehouse (its warehouseAdmin confirms the delivery). */
  outgoingAwaitingDelivery: number;
  /** The caller's own incoming lists returned to draft and not submitted since. */
  incomingReturned: number;
  /** The caller's own outgoing lists returned to draft and not submitted since. */
  outgoingReturned: number;
  /** Stock adjustments in pending_approval (finance approves or rejects them). */
  pendingAdjustments: number;
  /** Transfers in transit to the caller's warehouse (its warehouseAdmin receives them). */
  transfersAwaitingReceipt: number;
  /** Stock counts in pending_approval (finance approves or returns them). */
  pendingStockCounts: number;
}

type Badge = Exclude<keyof BadgeCounts, 'incomingReturned' | 'outgoingReturned'>;

/** Each badge: the kind of record, the status it counts and the role that acts on it. */
type Kind = 'incoming' | 'outgoing' | 'adjustment' | 'transfer' | 'stock_count';

const BADGES: Record<Badge, { kind: Kind; status: string; role: Role }> = {
  incomingAwaitingFinance: { kind: 'incoming', status: 'pending_finance_approval', role: 'finance' },
  incomingAwaitingImportAdmin: { kind: 'incoming', status: 'pending_import_admin_approval', role: 'importAdmin' },
  outgoingAwaitingFinance: { kind: 'outgoing', status: 'pending_finance_approval', role: 'finance' },
  outgoingAwaitingSupervisor: { kind: 'outgoing', status: 'pending_sales_supervisor_approval', role: 'salesSupervisor' },
  outgoingAwaitingDelivery: { kind: 'outgoing', status: 'approved', role: 'warehouseAdmin' },
  pendingAdjustments: { kind: 'adjustment', status: 'pending_approval', role: 'finance' },
  transfersAwaitingReceipt: { kind: 'transfer', status: 'in_transit', role: 'warehouseAdmin' },
  pendingStockCounts: { kind: 'stock_count', status: 'pending_approval', role: 'finance' },
};

/**
 * Menu badge counts for the signed-in user: lists (and stock adjustments) awaiting the user's role, within the user's
 * warehouse when tied to one (counts for steps the role does not perform are 0), and the user's
 * own lists returned to draft.
 */
@Injectable()
export class BadgesService {
  constructor(private readonly badges: BadgesRepository) {}

  async counts(user: AuthUser): Promise<BadgeCounts> {
    const warehouseId = scopeWarehouse(user);
    const entries = await Promise.all(
      (Object.keys(BADGES) as Badge[]).map(async (badge): Promise<[Badge, number]> => {
        const { kind, status, role } = BADGES[badge];
        if (user.role !== role) return [badge, 0];
        const count = {
          incoming: () => this.badges.countIncoming(status, warehouseId),
          outgoing: () => this.badges.countOutgoing(status, warehouseId),
          adjustment: () => this.badges.countAdjustments(status, warehouseId),
          transfer: () => this.badges.countTransfersTo(status, warehouseId),
          stock_count: () => this.badges.countStockCounts(status, warehouseId),
        }[kind];
        return [badge, await count()];
      }),
    );
    const [incomingReturned, outgoingReturned] = await Promise.all([this.badges.countReturnedIncoming(user.id), this.badges.countReturnedOutgoing(user.id)]);
    return { ...(Object.fromEntries(entries) as Record<Badge, number>), incomingReturned, outgoingReturned };
  }
}
