import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import { NextNumberQueryDto } from './dto/next-number.dto';
import { NumberingService } from './numbering.service';

type Next = Envelope<{ number: string }>;
const RULE =
  'The warehouse’s newest number with a digit, its last run of digits counted up keeping its width (GRN-ADD-0041 → GRN-ADD-0042), or <KIND>-<first 3 Latin letters or digits of the warehouse’s name>-0001 when it has none; numbers any list already carries are skipped. A proposal only: the create still answers 409 if the number was taken meanwhile.';

/** GET /api/next-number/{grn|gin|trn}?warehouse=: the number a create form pre-fills, per warehouse. */
@ApiTags('Next numbers')
@Controller('next-number')
@ApiOkResponse({ description: 'data = {number}' })
@ApiBadRequestResponse({ description: 'warehouse missing, not an id, or removed' })
@ApiForbiddenResponse({ description: 'Another warehouse than the caller’s own' })
@ApiNotFoundResponse({ description: 'Unknown warehouse' })
export class NumberingController {
  constructor(private readonly numbering: NumberingService) {}

  @Get('grn')
  @Allow('incoming.create')
  @ApiOperation({ summary: `The next free GRN of the receiving warehouse’s series. ${RULE}` })
  async grn(@CurrentUser() user: AuthUser, @Query() q: NextNumberQueryDto): Promise<Next> {
    return ok('Next GRN proposed', { number: await this.numbering.next(user, 'grn', q.warehouse) });
  }

  @Get('gin')
  @Allow('outgoing.create')
  @ApiOperation({ summary: `The next free GIN of the issuing warehouse’s series. ${RULE}` })
  async gin(@CurrentUser() user: AuthUser, @Query() q: NextNumberQueryDto): Promise<Next> {
    return ok('Next GIN proposed', { number: await this.numbering.next(user, 'gin', q.warehouse) });
  }

  @Get('trn')
  @Allow('transfers.create')
  @ApiOperation({ summary: `The next free TRN of the source warehouse’s series. ${RULE}` })
  async trn(@CurrentUser() user: AuthUser, @Query() q: NextNumberQueryDto): Promise<Next> {
    return ok('Next TRN proposed', { number: await this.numbering.next(user, 'trn', q.warehouse) });
  }
}
