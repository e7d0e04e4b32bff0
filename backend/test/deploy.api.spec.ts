import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort, processesOnServer, signIn, type ApiProcess, type ProcessGroup } from './api-process';
import { createServerDatabase } from './test-db';
import { pngOf } from '../src/catalog/images/testing';
import { STRONG_PASSWORD, uniq } from './test-app';

const NGINX_CONF = path.resolve(__dirname, '..', '..', 'deploy', 'nginx.conf');

/** deploy/nginx.conf with its upstream servers and listen port replaced, as a whole nginx configuration under `dir`. */
function nginxConfig(dir: string, listen: number, backends: number[]): string {
  let site = fs.readFileSync(NGINX_CONF, 'utf8');
  site = site.replace(/(upstream backoffice \{[^}]*?)(\s*server 127\.0\.0\.1:\d+[^\n]*\n)+/, (_, head: string) => `${head}\n${backends.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}\n`);
  site = site.replace('listen 80;', `listen 127.0.0.1:${listen};`);
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    file,
    `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n${site}\n}\n`,
  );
  return file;
}

/**
 * Issue 17, "More than one process" (PostgreSQL server only; CI runs it with TEST_DATABASE_URL):
 * two API processes, each with its own DATA_DIR, behind nginx with deploy/nginx.conf; an image
 * uploaded through one is served by both; stopping one, requests keep succeeding; and a pg_dump of
 * the database restores into an empty one with the same records (docs/deploy.md, Backups).
 */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('Several processes behind nginx, and a backup restored (issue 17)', () => {
  let group: ProcessGroup;
  let procs: ApiProcess[] = [];
  let nginx: ChildProcess | undefined;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    group = await processesOnServer(process.env.TEST_DATABASE_URL!, 2);
    procs = group.procs;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
    const port = await freePort();
    const conf = nginxConfig(dir, port, procs.map((p) => Number(new URL(p.url).port)));
    nginx = spawn('nginx', ['-c', conf, '-p', dir], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i++) {
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
  }, 180_000);
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await group?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves through nginx from both processes, an image uploaded through one from either, and survives stopping one', async () => {
    const admin = await signIn(procs[0]);
    const call = async (url: string, method: string, route: string, token: string, body?: unknown) => {
      const res = await fetch(`${url}${route}`, { method, headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };
    const warehouse = (await call(base, 'POST', '/api/warehouses', admin, { name: `W ${uniq()}`, address: 'Adama' })).body.data._id as string;
    const email = `wa.${uniq()}@test.local`;
    expect((await call(base, 'POST', '/api/users/register', admin, { first_name: 'Deploy', last_name: 'Admin', phone: '911223344', email, role: 'warehouseAdmin', password: STRONG_PASSWORD, warehouse })).status).toBe(201);
    const wa = await signIn(procs[1], email, STRONG_PASSWORD);
    const category = await call(base, 'POST', '/api/productCategories/add', wa, { name: `C ${uniq()}`, description: 'D', specifications: [], quantity_measurement: ['pcs'] });
    const product = await call(base, 'POST', '/api/products', wa, { category: category.body.data._id, name: `P ${uniq()}`, code: `P-${uniq()}`, description: 'D', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 } });
    const id = product.body.data._id as string;
    const form = new FormData();
    form.append('product_image', new Blob([new Uint8Array(await pngOf(4, 4))], { type: 'image/png' }), 'p.png');
    expect((await fetch(`${procs[0].url}/api/images/save/product/${id}`, { method: 'POST', headers: { Authorization: `Bearer ${wa}` }, body: form })).status).toBe(201);
    for (const p of procs) expect((await fetch(`${p.url}/images/${id}.png`)).status).toBe(200);
    const through = await Promise.all(Array.from({ length: 10 }, () => fetch(`${base}/images/${id}.png`).then((r) => r.status)));
    expect(through).toEqual(through.map(() => 200));
    // a token from one process works on the other: nothing per process
    expect((await call(procs[0].url, 'GET', '/api/products', wa)).status).toBe(200);

    expect(await procs[0].stop('SIGTERM')).toBe(0);
    const after = await Promise.all(Array.from({ length: 10 }, () => fetch(`${base}/api/products`, { headers: { Authorization: `Bearer ${wa}` } }).then((r) => r.status)));
    expect(after).toEqual(after.map(() => 200));
  }, 120_000);

  it('restores a pg_dump of the database into an empty one with the same records', async () => {
    const dump = path.join(dir, 'backup.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, group.url]);
    const restored = await createServerDatabase(process.env.TEST_DATABASE_URL!);
    try {
      execFileSync('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dump]);
      const counts = async (url: string) => {
        const c = new Client({ connectionString: url });
        await c.connect();
        const res = await c.query(`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM products)::int AS products,
          (SELECT count(*) FROM product_images)::int AS images, (SELECT count(*) FROM audit_events)::int AS events`);
        await c.end();
        return res.rows[0];
      };
      const original = await counts(group.url);
      expect(original.images).toBe(1);
      expect(await counts(restored.url)).toEqual(original);
    } finally {
      await restored.drop();
    }
  }, 120_000);
});
