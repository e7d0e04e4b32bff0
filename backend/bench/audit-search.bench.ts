/**
 * Audit search at volume ("Performance"): with 1,000,000 audit events (seeded once in
 * SQL when fewer exist; BENCH_AUDIT_EVENTS to change), GET /api/audit with each single filter,
 * 200 requests (after 200 of warm-up, so the API's code is compiled by then) by 8 concurrent clients as the admin: p95 beside the target
 * (p95 <= 50 ms).
 */
import type { Pool } from 'pg';
import { judged, percentile, r2, request, runConcurrent, type BenchContext, type BenchRow } from './lib';

export const name = 'audit-search';

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const CLIENTS = 8;
const REQUESTS = 200;
const WARM_UP = 200;
const TARGET_MS = 50;

/**
 * Tops the audit trail up to EVENTS rows spread over the last year: 50 users, 20,000 records of
 * the 8 kinds, 10 actions (updates most common), one changed field each.
 */
async function seed(pool: Pool): Promise<number> {
  const have = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events')).rows[0].n;
  if (have >= EVENTS) return have;
  process.stdout.write(`  seeding ${EVENTS - have} audit events...\n`);
  await pool.query(
    `WITH u AS (SELECT array_agg(gen_random_uuid()) AS ids FROM generate_series(1, 50)),
          r AS (SELECT array_agg(gen_random_uuid()) AS ids FROM generate_series(1, 20000))
     INSERT INTO audit_events (at, user_id, user_name, user_role, action, entity, entity_id, changes, request_id, client_address)
     SELECT now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
            u.ids[1 + g % 50], 'Bench User', 'admin',
            (ARRAY['create','update','update','update','remove','activate','submit','approve','receipt','issue'])[1 + (g * 7) % 10],
            (ARRAY['product','category','warehouse','customer','user','incoming_list','outgoing_list','transaction'])[1 + (g * 13) % 8],
            r.ids[1 + (g * 31) % 20000],
            jsonb_build_array(jsonb_build_object('field', 'name', 'before', 'Old name', 'after', 'New name')),
            'bench', '127.0.0.1'
     FROM generate_series(1, $1::int) g, u, r`,
    [EVENTS - have],
  );
  await pool.query('VACUUM (ANALYZE) audit_events');
  return EVENTS;
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const total = await seed(ctx.pool);
  const sample = (await ctx.pool.query<{ user_id: string; entity_id: string }>("SELECT user_id, entity_id FROM audit_events WHERE request_id = 'bench' LIMIT 1")).rows[0];
  const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const probes: [string, string][] = [
    ['no filter', ''],
    ['entity', 'entity=product'],
    ['entity_id', `entity_id=${sample.entity_id}`],
    ['user_id', `user_id=${sample.user_id}`],
    ['action', 'action=update'],
    ['from/to (one day)', `from=${day}&to=${day}`],
  ];
  const out: BenchRow[] = [];
  for (const [label, query] of probes) {
    const path = `/api/audit?page=1&limit=25${query ? `&${query}` : ''}`;
    const first = await request(ctx.baseUrl, 'GET', path, ctx.adminToken);
    if (first.status !== 200) {
      out.push(judged({ measurement: `GET /api/audit ${label} p95`, value: NaN, unit: 'ms', note: `answered HTTP ${first.status}: not measured` }, '<=', TARGET_MS));
      continue;
    }
    const once = async () => {
      const res = await request(ctx.baseUrl, 'GET', path, ctx.adminToken);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    };
    await runConcurrent(CLIENTS, WARM_UP, once);
    const ms = await runConcurrent(CLIENTS, REQUESTS, once);
    const [p50, p95] = [percentile(ms, 50), percentile(ms, 95)];
    out.push(
      judged({ measurement: `GET /api/audit ${label} p95`, value: r2(p95), unit: 'ms' }, '<=', TARGET_MS),
      { measurement: `GET /api/audit ${label} p50`, value: r2(p50), unit: 'ms', note: `${path}; ${first.body.data.total_count} matches` },
    );
  }
  out[0].note = `${out[0].note ? `${out[0].note}; ` : ''}${total} events, ${REQUESTS} requests by ${CLIENTS} clients per row`;
  return out;
}
