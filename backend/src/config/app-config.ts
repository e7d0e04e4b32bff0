import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { STRONG_PASSWORD, STRONG_PASSWORD_MESSAGE } from '../common/password-rule';

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

  /** Company details printed on delivery notes and invoices. */
  @IsString() COMPANY_NAME = 'Trading Company PLC';
  @IsString() COMPANY_ADDRESS = 'Addis Ababa, Ethiopia';
  @IsString() COMPANY_TIN = '0000000000';
  @IsString() COMPANY_REGISTRATION = 'Reg. No. 000000';
  @IsOptional() @IsString() COMPANY_LOGO_PATH?: string;
  @IsString() PROVIDER_CREDIT = 'Inventory Back Office';

  /** Longest time in seconds a dashboard statistic is reused while no movement is recorded; 0 turns the memo off. */
  @Transform(({ value }) => (value === undefined || value === '' ? 60 : Number(value)))
  @IsInt()
  @Min(0)
  @Max(3600)
  STATS_MEMO_SECONDS = 60;
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
