import { Module } from '@nestjs/common';
import { NumberingController } from './numbering.controller';
import { NumberingRepository } from './numbering.repository';
import { NumberingService } from './numbering.service';

/** Next-number proposals of the GRN, GIN and TRN series, per warehouse. */
@Module({
  controllers: [NumberingController],
  providers: [NumberingService, NumberingRepository],
})
export class NumberingModule {}
