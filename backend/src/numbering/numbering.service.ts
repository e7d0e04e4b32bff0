import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { assertWarehouseAccess, type AuthUser } from '../common/auth/auth-user';
import { firstFree, firstOfSeries, parseSeries } from './number-series';
import { NumberingRepository, type NumberKind } from './numbering.repository';

/** Proposes the next GRN, GIN or TRN of a warehouse's series. */
@Injectable()
export class NumberingService {
  constructor(private readonly numbers: NumberingRepository) {}

  /**
   * The next free number of `kind` in `warehouseId`'s series: the warehouse's newest number with a
   * digit, its last digit run counted up (width kept), or `<KIND>-<CODE>-0001` when it has none;
   * numbers any document already carries (any warehouse, any status) are skipped. Only a proposal:
   * creating the document still answers 409 if another took it meanwhile.
   * @throws ForbiddenException for another warehouse than the caller's own
   * @throws NotFoundException for an unknown warehouse
   * @throws BadRequestException for a removed warehouse
   */
  async next(user: AuthUser, kind: NumberKind, warehouseId: string): Promise<string> {
    assertWarehouseAccess(user, warehouseId);
    const warehouse = await this.numbers.findWarehouse(warehouseId);
    if (!warehouse) throw new NotFoundException('Warehouse not found');
    if (warehouse.removed) throw new BadRequestException('warehouse must be an active warehouse');
    const last = await this.numbers.lastNumber(kind, warehouseId);
    const lastSeries = last === undefined ? null : parseSeries(last);
    const series = lastSeries ?? firstOfSeries(kind.toUpperCase(), warehouse.name);
    const from = lastSeries ? lastSeries.value + 1n : series.value;
    return firstFree(series, from, await this.numbers.numbersLike(kind, series.prefix, series.suffix));
  }
}
