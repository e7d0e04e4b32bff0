import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, resolveJwtSecret, trustProxySetting } from './app-config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', JWT_EXPIRES_IN: '12h', DB_POOL_SIZE: 10, DB_PREPARED_STATEMENTS: 'on', STATS_MEMO_SECONDS: 60 });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ ADMIN_EMAIL: 'nope' }, /ADMIN_EMAIL/],
    [{ ADMIN_PASSWORD: 'password1' }, /ADMIN_PASSWORD: Password must be at least 8 characters/],
    [{ JWT_EXPIRES_IN: 'forever' }, /JWT_EXPIRES_IN/],
    [{ NODE_ENV: 'production' }, /JWT_SECRET: required/],
    [{ DB_POOL_SIZE: 'lots' }, /DB_POOL_SIZE/],
    [{ DB_PREPARED_STATEMENTS: 'yes' }, /DB_PREPARED_STATEMENTS must be on or off/],
    [{ STATS_MEMO_SECONDS: '-1' }, /STATS_MEMO_SECONDS/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be a hop count/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'loopback,proxy.local' }, /TRUST_PROXY/],
    [{ PASSWORD_HASH_CONCURRENCY: '0' }, /PASSWORD_HASH_CONCURRENCY/],
    [{ PASSWORD_HASH_QUEUE: 'many' }, /PASSWORD_HASH_QUEUE/],
    [{ COMPANY_TIN: '12345' }, /COMPANY_TIN must be an Ethiopian TIN: exactly 10 digits/],
    [{ COMPANY_TIN: '00123456789' }, /COMPANY_TIN/],
    [{ COMPANY_TIN: '001234567A' }, /COMPANY_TIN/],
  ])('stops on %j naming the key', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or addresses, names and CIDR ranges (issue 12, point 2)', () => {
    expect(trustProxySetting(loadConfig({}))).toBe(false);
    expect(trustProxySetting(loadConfig({ TRUST_PROXY: '1' }))).toBe(1);
    expect(trustProxySetting(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8,192.168.1.7' }))).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.7',
    ]);
  });

  it('bounds password hashing by default to half the cores, at least one', () => {
    expect(loadConfig({}).PASSWORD_HASH_CONCURRENCY).toBe(Math.max(1, Math.floor(os.availableParallelism() / 2)));
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3', PASSWORD_HASH_QUEUE: '0' })).toMatchObject({ PASSWORD_HASH_CONCURRENCY: 3, PASSWORD_HASH_QUEUE: 0 });
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    const c = loadConfig({ DATA_DIR: dir });
    const first = resolveJwtSecret(c);
    expect(first.length).toBeGreaterThan(40);
    expect(resolveJwtSecret(c)).toBe(first);
    expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    fs.rmSync(dir, { recursive: true });
  });
});
