import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import { BadgesService, type BadgeCounts } from './badges.service';

/** GET /api/badges: the menu badge counts. */
@ApiTags('Badges')
@Controller('badges')
export class BadgesController {
  constructor(private readonly badges: BadgesService) {}

  @Get()
  @Allow('badges.read')
  @ApiOperation({ summary:
      'Lists awaiting the caller’s role (own warehouse when tied to one; 0 for steps the role does not perform), incomingReturned / outgoingReturned: the caller’s own lists returned to draft and not submitted since (issue 14), pendingAdjustments: stock adjustments awaiting finance’s approval (finance; 0 for other roles; issue 15), transfersAwaitingReceipt: transfers in transit to the caller’s warehouse (warehouseAdmin; issue 15), pendingStockCounts: stock counts awaiting finance’s approval (finance; issue 15).' })
  async counts(@CurrentUser() user: AuthUser): Promise<Envelope<BadgeCounts>> {
    return ok('Badges fetched successfully', await this.badges.counts(user));
  }
}
