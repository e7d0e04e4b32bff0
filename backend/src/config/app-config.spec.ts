import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, resolveJwtSecret } from './app-config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', JWT_EXPIRES_IN: '12h', DB_POOL_SIZE: 10, STATS_MEMO_SECONDS: 60 });
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
    [{ STATS_MEMO_SECONDS: '-1' }, /STATS_MEMO_SECONDS/],
  ])('stops on %j naming the key', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
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
