import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { openDatabase, type Database, type DatabaseHandle } from './database';

/** Injection token of the Drizzle {@link Database}. */
export const DB = Symbol('DB');
/** Injection token of the {@link DatabaseHandle}. */
export const DB_HANDLE = Symbol('DB_HANDLE');

/** Closes the database when the application shuts down (SIGINT/SIGTERM). */
@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(@Inject(DB_HANDLE) private readonly handle: DatabaseHandle) {}
  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}

/** Global database module: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: DB_HANDLE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => openDatabase(config.DATABASE_URL, `${config.DATA_DIR}/pgdata`, config.DB_POOL_SIZE, config.DB_PREPARED_STATEMENTS === 'on'),
    },
    { provide: DB, inject: [DB_HANDLE], useFactory: (h: DatabaseHandle): Database => h.db },
    DatabaseCloser,
  ],
  exports: [DB, DB_HANDLE],
})
export class DatabaseModule {}
