import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ROLES } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, type TestApp, type TestUser } from './test-app';

type Operation = { method: string; path: string; roles: string[] };

/** Every operation of the OpenAPI document with the roles it names in x-roles. */
async function operations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.http.get('/api/docs-json')).body as { paths: Record<string, Record<string, { 'x-roles'?: string[] }>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, roles: op['x-roles'] ?? [] })),
  );
}

/** Row counts of every table of the public schema: a fingerprint of "nothing changed". */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ tablename: string }>(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    counts[tablename] = (await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM "${tablename}"`)))[0].n;
  }
  return counts;
}

/**
 * Deny by default, checked for every route (docs/api.md permission table): each role that
 * an operation does not name in x-roles gets 403 from the guard, whatever the body and ids, and no
 * table changes.
 */
describe('every route refuses the roles it does not name', () => {
  let t: TestApp;
  let users: Record<string, TestUser>;
  beforeAll(async () => {
    t = await createTestApp();
    users = await createRoleUsers(t, await createWarehouse(t));
  });
  afterAll(() => t.close());

  it('answers 403 and changes nothing', async () => {
    const ops = (await operations(t)).filter((op) => !op.roles.includes('public'));
    const before = await rowCounts(t);
    const wrong: string[] = [];
    let checked = 0;
    for (const op of ops) {
      const url = op.path.replace(/\{[^}]+\}/g, randomUUID());
      for (const role of ROLES.filter((r) => !op.roles.includes(r))) {
        const req = t.http[op.method as 'get' | 'post' | 'put' | 'patch' | 'delete'](url).set(bearer(users[role].token));
        const res = await (op.method === 'get' ? req : req.send({}));
        checked++;
        if (res.status !== 403) wrong.push(`${op.method.toUpperCase()} ${op.path} as ${role}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    expect(await rowCounts(t)).toEqual(before);
  });
});
