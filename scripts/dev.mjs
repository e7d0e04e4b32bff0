#!/usr/bin/env node
// `npm run dev`: the backend in watch mode (`nest start --watch`, API on PORT, default 3000) and the
// Vite dev server (http://localhost:5173, proxying /api and /images to the backend) side by side.
// Ctrl+C stops both; when one exits, the other is stopped and its exit code is passed on.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The project's .env as an object (Node's own dotenv parser); the process environment wins over it. */
function readDotEnv() {
  const file = path.join(root, '.env');
  return existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
}

// The backend runs in backend/ (its nest-cli.json), so .env and the default DATA_DIR are resolved here.
const env = { ...readDotEnv(), ...process.env };
env.DATA_DIR = path.resolve(root, env.DATA_DIR ?? 'data');
const apiTarget = `http://localhost:${env.PORT ?? 3000}`;

const children = [
  spawn(npm, ['run', 'dev', '-w', 'backend'], { cwd: root, stdio: 'inherit', env }),
  spawn(npm, ['run', 'dev', '-w', 'admin-ui'], { cwd: root, stdio: 'inherit', env: { ...env, VITE_API_TARGET: apiTarget } }),
];

let stopping = false;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code ?? 0);
  });
}
