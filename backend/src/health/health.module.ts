import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { ShutdownState } from './shutdown-state';

/** GET /api/health and /api/health/ready. */
@Module({ imports: [TerminusModule], controllers: [HealthController], providers: [ShutdownState] })
export class HealthModule {}
