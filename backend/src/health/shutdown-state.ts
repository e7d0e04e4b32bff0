import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';

/** How long in-flight requests may take to finish once the process is told to stop. */
export const DRAIN_MS = 10_000;

/**
 * The process's stop (SIGTERM): from the first shutdown hook on, readiness answers 503
 * so a load balancer stops sending requests; the HTTP server then stops accepting and Nest waits
 * for in-flight requests, which get at most {@link DRAIN_MS} before their connections are closed;
 * then the database pool closes and the process exits 0.
 */
@Injectable()
export class ShutdownState implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ShutdownState.name);
  private stoppingSince: number | null = null;

  constructor(private readonly http: HttpAdapterHost) {}

  /** True once the process has begun to stop. */
  get stopping(): boolean {
    return this.stoppingSince !== null;
  }

  beforeApplicationShutdown(signal?: string): void {
    if (this.stopping) return;
    this.stoppingSince = Date.now();
    this.logger.log(`Stopping${signal ? ` on ${signal}` : ''}: readiness now answers 503; in-flight requests get ${DRAIN_MS / 1000} s`);
    const server = this.http.httpAdapter?.getHttpServer?.() as Server | undefined;
    setTimeout(() => server?.closeAllConnections?.(), DRAIN_MS).unref();
  }
}
