import { ForbiddenException } from '@nestjs/common';
import type { Calendar, Role } from '@inventory/common';

/** The signed-in user as the guards attach it to the request. */
export interface AuthUser {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  /** Set for users tied to one warehouse: they read and change only its stock and lists. */
  warehouseId: string | null;
  /**
   * How the user's dates are shown in PDFs and exports, read with the user on every
   * request; Gregorian when absent.
   */
  calendar?: Calendar;
}

/**
 * The warehouse a request is limited to: the user's own when tied to one, else the requested
 * one (or none, meaning all). Asking for another warehouse than one's own answers 403.
 */
export function scopeWarehouse(user: AuthUser, requested?: string | null): string | undefined {
  if (user.warehouseId) {
    if (requested && requested !== user.warehouseId) {
      throw new ForbiddenException('You can only work with your own warehouse');
    }
    return user.warehouseId;
  }
  return requested ?? undefined;
}

/** Throws 403 unless the user may act on `warehouseId` (own warehouse, or not tied to one). */
export function assertWarehouseAccess(user: AuthUser, warehouseId: string): void {
  scopeWarehouse(user, warehouseId);
}
