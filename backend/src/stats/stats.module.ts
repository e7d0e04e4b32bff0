import { Module } from '@nestjs/common';
import { MonthEndSealer } from './month-end-sealer';
import { StatsController } from './stats.controller';
import { StatsRepository } from './stats.repository';
import { StatsService } from './stats.service';

/** Dashboard statistics, aggregated from the rollups the stock ledger writes. */
@Module({
  controllers: [StatsController],
  providers: [StatsService, StatsRepository, MonthEndSealer],
})
export class StatsModule {}
