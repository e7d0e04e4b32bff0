import { randomUUID } from 'node:crypto';
import type { DynamicModule, ForwardReference, Provider, Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { Client } from 'pg';
import { AppConfig } from '../src/config/app-config';
import { DB } from '../src/database/database.module';
import { openDatabase, type Database, type DatabaseHandle } from '../src/database/database';

/** A migrated, empty database and the way to throw it away. */
export interface FreshDatabase {
  handle: DatabaseHandle;
  /** Drops the database (PostgreSQL); a no-op for PGlite in memory. */
  drop: () => Promise<void>;
}

/**
 * A fresh database per suite: PGlite in memory by default; with TEST_DATABASE_URL, a new
 * database created on that PostgreSQL server and dropped afterwards. Used by the API test app
 * and by service unit tests that run a real repository without the rest of the app.
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const handle = await openDatabase(undefined, 'memory://');
    return { handle, drop: async () => undefined };
  }
  const { url, drop } = await createServerDatabase(base);
  const handle = await openDatabase(url, '');
  return { handle, drop };
}

/**
 * Creates an empty database on the PostgreSQL server of `base` (a URL) and returns its URL and
 * the way to drop it. Used for suites that start API processes on a server database.
 */
export async function createServerDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Compiles `imports` (feature modules such as WarehousesModule) on `db` alone, without the rest of
 * the app: services come out with their real repositories and collaborators, whatever their
 * constructors ask. `providers` (e.g. an {@link AppConfig}) are global too.
 */
export function modulesOn(
  db: Database,
  imports: (Type | DynamicModule | ForwardReference)[],
  providers: Provider[] = [{ provide: AppConfig, useValue: new AppConfig() }],
): Promise<TestingModule> {
  class TestDatabaseModule {}
  const database: DynamicModule = {
    module: TestDatabaseModule,
    global: true,
    providers: [{ provide: DB, useValue: db }, ...providers],
    exports: [DB, ...providers.map((p) => ('provide' in p ? p.provide : p))],
  };
  return Test.createTestingModule({ imports: [database, ...imports] }).compile();
}
