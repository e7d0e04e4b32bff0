import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Jest global setup: compiles the backend once per test run into backend/.test-build (plain tsc,
 * about 6 s), so suites can start real API processes (test/api-process.ts). The folder sits at the
 * depth of dist/, so the migrations and admin-ui paths resolve the same way.
 */
export default function buildOnce(): void {
  const backend = path.resolve(__dirname, '..');
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', '.test-build'], { cwd: backend, stdio: 'inherit' });
}
