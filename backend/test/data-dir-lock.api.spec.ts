import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_EMAIL } from './test-app';
import { signIn, startApiProcess, tempDataDir, type ApiProcess } from './api-process';

/**
 * Two processes on one PGlite DATA_DIR both ran and lost acknowledged
 * writes. The second now refuses to start, naming the folder and the holder's pid; after a
 * kill -9 of the holder the next process takes the stale lock over. Embedded database only:
 * on a PostgreSQL run (TEST_DATABASE_URL) the same test would only repeat itself.
 */
const onPglite = process.env.TEST_DATABASE_URL ? describe.skip : describe;

onPglite('One process per PGlite DATA_DIR (issue 12, point 10)', () => {
  const dir = tempDataDir();
  const started: ApiProcess[] = [];
  const start = async (opts?: { waitReady?: boolean }) => {
    const p = await startApiProcess({ DATA_DIR: dir, LOG_LEVEL: 'info' }, opts);
    started.push(p);
    return p;
  };
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop('SIGKILL')));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function createWarehouse(api: ApiProcess, token: string, name: string): Promise<number> {
    const res = await fetch(`${api.url}/api/warehouses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name, address: 'Addis Ababa' }),
    });
    return res.status;
  }
  async function warehouseNames(api: ApiProcess, token: string): Promise<string[]> {
    const res = await fetch(`${api.url}/api/warehouses`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: { name: string }[] }).data.map((w) => w.name);
  }

  it('refuses a second process naming the folder and pid, and takes over the lock of a killed one', async () => {
    const first = await start();
    const token = await signIn(first, ADMIN_EMAIL);
    expect(await createWarehouse(first, token, 'Before the crash')).toBe(201);

    const second = await start({ waitReady: false });
    expect(await second.exited).not.toBe(0);
    const folder = fs.realpathSync(path.join(dir, 'pgdata'));
    expect(second.output()).toContain(`The embedded database folder ${folder} is in use by another process (pid ${first.proc.pid})`);
    expect((await fetch(`${first.url}/api/health/ready`)).status).toBe(200); // the holder is untouched

    await first.stop('SIGKILL'); // no clean-up: the lock stays behind, stale
    const third = await start();
    expect(third.output()).toContain(`locked by process ${first.proc.pid}, which no longer runs`);
    expect(await warehouseNames(third, await signIn(third, ADMIN_EMAIL))).toContain('Before the crash');

    expect(await third.stop('SIGTERM')).toBe(0); // a clean stop releases the lock at once
    const fourth = await start();
    expect(fourth.output()).not.toContain('no longer runs');
  }, 300_000); // four process starts (a fresh embedded database each time) and a stale-lock wait
});
