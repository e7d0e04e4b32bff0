#!/usr/bin/env node
// `npm start`: builds what is missing (backend/dist/main.js, admin-ui/dist/index.html), then serves
// everything on one port with `node backend/dist/main.js`. The backend runs with cwd = project root,
// so @nestjs/config reads ./.env when present. Signals are forwarded and the exit code is passed on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run build -w <workspace>` when `artifact` is missing; exits on failure. */
function buildIfMissing(workspace, artifact) {
  if (existsSync(path.join(root, artifact))) return;
  console.log(`[start] ${artifact} is missing: building ${workspace}...`);
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] building ${workspace} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

buildIfMissing('backend', 'backend/dist/main.js');
buildIfMissing('admin-ui', 'admin-ui/dist/index.html');

const server = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
// A child killed by a signal exits like a shell would report it: 128 + signal number.
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
