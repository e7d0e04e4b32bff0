import fs from 'node:fs';
import { Logger } from '@nestjs/common';
import lockfile from 'proper-lockfile';

const logger = new Logger('Database');

/**
 * A lock is stale when its holder has not refreshed it for this long (proper-lockfile refreshes
 * the lock's mtime every 5 s, also through a busy event loop). After a crash (kill -9) the next
 * process takes the folder over once the lock is this old.
 */
const STALE_MS = 10_000;

/** True while a process with this id runs (signal 0 only checks; EPERM means it exists). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The error that stops a second process from opening a folder in use. */
function inUse(dir: string, pid: number | undefined): Error {
  return new Error(
    `The embedded database folder ${dir} is in use by another process (pid ${pid ?? 'unknown'}). ` +
      'Two processes on one PGlite folder would lose writes: stop that process, or give this one another DATA_DIR.',
  );
}

/**
 * Locks a PGlite data folder for this process, with proper-lockfile: the lock
 * is the folder `<dir>.lock` (mkdir is atomic) and `<dir>.pid` names its holder.
 *
 * A lock held by a running process (fresh mtime, live pid) refuses at once with an error naming
 * the folder and the pid. The lock of a process that died without releasing it (kill -9, power
 * loss) is taken over once it is stale: when its pid no longer runs, this waits up to
 * {@link STALE_MS} (+ a few seconds) for that. If another process takes the lock over anyway (this
 * one was frozen past the stale time), this process stops at once rather than write beside it.
 * @returns the release function (also run by proper-lockfile when the process exits).
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const resolved = fs.realpathSync(dir);
  const pidFile = `${resolved}.pid`;
  const options: lockfile.LockOptions = {
    stale: STALE_MS,
    realpath: false,
    onCompromised: (err) => {
      logger.error(`Lost the lock on ${resolved} (${err.message}): another process uses the folder, stopping.`);
      process.exit(1);
    },
  };
  let release: () => Promise<void>;
  // a lock left behind by a dead process may already be stale (its holder stopped refreshing it
  // over 10 s ago): proper-lockfile then takes it over at once; say so as when we wait for it
  const before = fs.existsSync(`${resolved}.lock`) ? readPid(pidFile) : undefined;
  try {
    release = await lockfile.lock(resolved, options);
    if (before && before !== process.pid) logger.warn(`${resolved} was locked by process ${before}, which no longer runs: the stale lock is taken over`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
    const holder = readPid(pidFile);
    if (holder && holder !== process.pid && isAlive(holder)) throw inUse(resolved, holder);
    logger.warn(`${resolved} is locked by process ${holder ?? 'unknown'}, which no longer runs: taking the lock over once it is stale`);
    try {
      release = await lockfile.lock(resolved, { ...options, retries: { retries: STALE_MS / 500 + 10, factor: 1, minTimeout: 500, maxTimeout: 500 } });
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      throw inUse(resolved, readPid(pidFile));
    }
  }
  fs.writeFileSync(`${pidFile}.tmp`, String(process.pid));
  fs.renameSync(`${pidFile}.tmp`, pidFile);
  return async () => {
    fs.rmSync(pidFile, { force: true });
    await release();
  };
}
