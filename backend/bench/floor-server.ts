/**
 * The floor bench's server (floor.bench.ts starts it as a child process): plain Fastify, no
 * database, no request log. `GET /api/warehouses` checks the bearer token as the API does (HS256
 * with the same secret, `exp` required; 401 otherwise) and answers the bytes of the file
 * FLOOR_BODY, the API's own answer to that route captured once; `GET /api/health` answers 200 so
 * the bench can wait for it. What a signed-in JSON route costs at the least on this machine.
 * Env: PORT, JWT_SECRET, FLOOR_BODY.
 */
import { createSecretKey } from 'node:crypto';
import fs from 'node:fs';
import { JwtService } from '@nestjs/jwt';
import { fastify } from 'fastify';

const body = fs.readFileSync(String(process.env.FLOOR_BODY));
// a KeyObject, as the API's strategy hands it over (a string is first tried as a PEM key on every verify)
const secret = createSecretKey(Buffer.from(String(process.env.JWT_SECRET))) as unknown as Buffer;
const jwt = new JwtService();
const app = fastify();

app.get('/api/health', async () => ({ status: 'ok' }));

app.get('/api/warehouses', async (req, reply) => {
  try {
    const claims = jwt.verify<{ exp?: unknown }>((req.headers.authorization ?? '').replace(/^Bearer /, ''), { secret, algorithms: ['HS256'] });
    if (typeof claims.exp !== 'number') throw new Error('the token has no exp');
  } catch {
    return reply.code(401).send({ message: 'Please sign in: missing or invalid token' });
  }
  return reply.type('application/json; charset=utf-8').send(body);
});

app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) }).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
