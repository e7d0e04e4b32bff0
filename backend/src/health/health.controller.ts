import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { UNAVAILABLE_MESSAGE } from '../common/http/error.filter';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { Public } from '../common/auth/auth.decorators';
import { DB } from '../database/database.module';
import { pingDatabase, type Database } from '../database/database';
import { ShutdownState } from './shutdown-state';

/** Operator health endpoints (@nestjs/terminus); no token needed. */
@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    @Inject(DB) private readonly db: Database,
    private readonly shutdown: ShutdownState,
  ) {}

  @Get()
  @Public()
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness: the process answers.' })
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @Public()
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: the database answers `select 1` and the process is not stopping (otherwise 503 `The server is temporarily unavailable, please try again shortly` with Retry-After).' })
  async ready() {
    return this.health.check([
      () => {
        // From SIGTERM on, a load balancer stops sending requests here
        const check = this.indicator.check('process');
        return this.shutdown.stopping ? check.down({ message: 'The process is stopping' }) : check.up();
      },
      async () => {
        const check = this.indicator.check('database');
        try {
          await pingDatabase(this.db);
          return check.up();
        } catch {
          // a public answer: no driver detail (query text, parameters)
          return check.down({ message: 'The database does not answer' });
        }
      },
    ]).catch((e: unknown) => {
      // Terminus answers "Service Unavailable Exception": the product's own sentence instead (Retry-After from the error filter)
      if (e instanceof ServiceUnavailableException) throw new ServiceUnavailableException(UNAVAILABLE_MESSAGE);
      throw e;
    });
  }
}
