import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateBy, validateSync } from 'class-validator';
import { ETHIOPIAN_TIN, ETHIOPIAN_TIN_MESSAGE, STRONG_PASSWORD, STRONG_PASSWORD_MESSAGE } from '@inventory/common';

/** Names proxy-addr (Fastify's `trustProxy`) knows for address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** True for an IP address or an IP/prefix-length range. */
function isAddressOrRange(token: string): boolean {
  const [address, bits, ...rest] = token.split('/');
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY: a hop count (1-10) or a comma-separated list of range names, addresses and CIDR ranges. */
function isTrustProxy(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10;
  return value.split(',').every((t) => PROXY_RANGE_NAMES.includes(t.trim()) || isAddressOrRange(t.trim()));
}

/** Half the cores, at least one: password hashing leaves the other half to everything else. */
const defaultHashConcurrency = () => Math.max(1, Math.floor(os.availableParallelism() / 2));

/**
 * Environment configuration, validated once at start (every key is in .env.example).
 * A bad value stops the start with a message naming the key.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  /** HTTP port for the API, Swagger, images and the admin UI. */
  @Transform(({ value }) => (value === undefined || value === '' ? 3000 : Number(value)))
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** PostgreSQL URL; unset means embedded PGlite under DATA_DIR. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres:// or postgresql://' })
  DATABASE_URL?: string;

  /** Most connections to the PostgreSQL server (with DATABASE_URL). */
  @Transform(({ value }) => (value === undefined || value === '' ? 10 : Number(value)))
  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL_SIZE = 10;

  /**
   * `on`: each pooled connection keeps the statements it runs prepared (parsing and,
   * where a generic plan is as cheap, planning skipped). `off` for a pooler that cannot hold
   * prepared statements across transactions (PgBouncer in transaction mode before 1.21).
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 'on' : value))
  @IsIn(['on', 'off'], { message: 'DB_PREPARED_STATEMENTS must be on or off' })
  DB_PREPARED_STATEMENTS: 'on' | 'off' = 'on';

  /** Folder for the embedded database, the generated JWT secret and product images. */
  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  /** Secret for signing tokens; required in production, otherwise generated once into DATA_DIR. */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'JWT_SECRET must be at least 16 characters' })
  JWT_SECRET?: string;

  /** Token lifetime, e.g. 12h, 30m, 3600 (seconds). */
  @Matches(/^\d+\s*(ms|s|m|h|d)?$/, { message: 'JWT_EXPIRES_IN must look like 12h, 30m or 3600' })
  JWT_EXPIRES_IN = '12h';

  /** First admin created on an empty database. */
  @IsOptional()
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an email address' })
  ADMIN_EMAIL?: string;

  /** Its password: the strength rule of spec 5 applies here too. */
  @IsOptional()
  @IsString()
  @Matches(STRONG_PASSWORD, { message: STRONG_PASSWORD_MESSAGE })
  ADMIN_PASSWORD?: string;

  /** Allowed CORS origin(s), comma separated; unset means same-origin only. */
  @IsOptional()
  @IsString()
  CORS_ORIGIN?: string;

  /**
   * Fastify's `trustProxy`: which reverse proxies may set X-Forwarded-For
   * (and -Host, -Proto), e.g. `loopback`, `10.0.0.0/8,fd00::/8`, or a hop count such as `1`.
   * Unset (the default): no proxy is trusted and the client address is the socket's.
   */
  @IsOptional()
  @ValidateBy({
    name: 'trustProxy',
    validator: {
      validate: isTrustProxy,
      defaultMessage: () =>
        'TRUST_PROXY must be a hop count (1-10) or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges',
    },
  })
  TRUST_PROXY?: string;

  /** Most password hashes (argon2) computed at once; default half the cores, at least 1. */
  @Transform(({ value }) => (value === undefined || value === '' ? defaultHashConcurrency() : Number(value)))
  @IsInt()
  @Min(1)
  @Max(64)
  PASSWORD_HASH_CONCURRENCY = defaultHashConcurrency();

  /** Most sign-ins waiting for a hashing slot; beyond it they answer 503 with Retry-After. */
  @Transform(({ value }) => (value === undefined || value === '' ? 8 : Number(value)))
  @IsInt()
  @Min(0)
  @Max(1000)
  PASSWORD_HASH_QUEUE = 8;

  /** Company details printed on delivery notes and invoices. */
  @IsString() COMPANY_NAME = 'Trading Company PLC';
  @IsString() COMPANY_ADDRESS = 'Addis Ababa, Ethiopia';
  /** The company's Ethiopian TIN: exactly 10 digits; anything else stops the start. */
  @IsString()
  @Matches(ETHIOPIAN_TIN, { message: `COMPANY_TIN ${ETHIOPIAN_TIN_MESSAGE}` })
  COMPANY_TIN = '0000000000';
  @IsString() COMPANY_REGISTRATION = 'Reg. No. 000000';
  @IsOptional() @IsString() COMPANY_LOGO_PATH?: string;
  @IsString() PROVIDER_CREDIT = 'Inventory Back Office';

  /** Longest time in seconds a dashboard statistic is reused while no movement is recorded; 0 turns the memo off. */
  @Transform(({ value }) => (value === undefined || value === '' ? 60 : Number(value)))
  @IsInt()
  @Min(0)
  @Max(3600)
  STATS_MEMO_SECONDS = 60;

  /**
   * How long in milliseconds the token guard reuses a signed-in user it read (one query
   * less per request). A change made through this process is seen at once; one made through another
   * process within this time. 0 reads the user on every request.
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 1000 : Number(value)))
  @IsInt()
  @Min(0)
  @Max(60_000)
  AUTH_USER_CACHE_MS = 1000;

  /** Imports of more rows than this commit in batches, as a resumable job (100,000). */
  @Transform(({ value }) => (value === undefined || value === '' ? 100_000 : Number(value)))
  @IsInt()
  @Min(1)
  IMPORT_SINGLE_COMMIT_ROWS = 100_000;

  /** Staged rows per transaction of a batched import commit. */
  @Transform(({ value }) => (value === undefined || value === '' ? 25_000 : Number(value)))
  @IsInt()
  @Min(1)
  IMPORT_BATCH_ROWS = 25_000;

  /** Least severe level of the JSON logs; unset: info, or error when NODE_ENV=test. */
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

/** Validates `env` and returns the typed configuration; throws naming the bad keys. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(AppConfig, cleaned, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: false });
  if (errors.length) {
    const lines = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (config.NODE_ENV === 'production' && !config.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  return config;
}

/** The value for Fastify's `trustProxy`: off (false), a hop count, or the trusted addresses and ranges (proxy-addr). */
export function trustProxySetting(config: AppConfig): false | number | string[] {
  const value = config.TRUST_PROXY;
  if (!value) return false;
  return /^\d+$/.test(value) ? Number(value) : value.split(',').map((t) => t.trim());
}

/** The JWT secret: JWT_SECRET, or one generated once and kept in DATA_DIR/jwt-secret. */
export function resolveJwtSecret(config: AppConfig): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
