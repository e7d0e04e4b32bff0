import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';

/** GET /api/health and /api/health/ready. */
@Module({ imports: [TerminusModule], controllers: [HealthController] })
export class HealthModule {}
