import { Module } from '@nestjs/common';
import { BadgesModule } from '../badges/badges.module';
import { InventoryModule } from '../inventory/inventory.module';
import { EventsController } from './events.controller';
import { EventTicketsRepository } from './event-tickets.repository';
import { EventsService } from './events.service';

/** GET /api/events and its ticket; the change feed itself is ChangeFeedModule (global). */
@Module({
  imports: [BadgesModule, InventoryModule],
  controllers: [EventsController],
  providers: [EventsService, EventTicketsRepository],
})
export class EventsModule {}
