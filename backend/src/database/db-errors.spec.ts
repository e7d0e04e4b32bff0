import { isDatabaseUnavailable, isRetryableConflict } from './db-errors';

/** Which driver errors mean "database unavailable" and "run the transaction again". */
describe('database error classes', () => {
  const pg = (code: string, message = 'x', severity = 'ERROR') => Object.assign(new Error(message), { code, severity });
  /** As Drizzle wraps a driver error: the parameters sit in the message, the driver error in `cause`. */
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['admin shutdown', pg('57P01', 'terminating connection due to administrator command', 'FATAL')],
    ['server starting up', pg('57P03', 'the database system is starting up', 'FATAL')],
    ['too many connections', pg('53300', 'sorry, too many clients already', 'FATAL')],
    ['connection exception class 08', pg('08006', 'connection failure')],
    ['database not accepting connections', pg('55000', 'database "x" is not currently accepting connections', 'FATAL')],
    ['terminated connection', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['closed PGlite', new Error('PGlite is closed')],
  ])('%s is unavailability, also wrapped by Drizzle', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
    expect(isRetryableConflict(err)).toBe(false);
  });

  it.each([
    ['unique violation', pg('23505')],
    ['check violation', pg('23514')],
    ['raised by a trigger', pg('P0001', 'refused')],
    ['not in prerequisite state, session alive', pg('55000', 'currval is not yet defined')],
    ['plain error', new Error('boom')],
    ['not an error', 'boom'],
  ])('%s is not unavailability', (_, err) => {
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });

  it('retries deadlocks and serialization failures only', () => {
    expect(isRetryableConflict(wrapped(pg('40P01', 'deadlock detected')))).toBe(true);
    expect(isRetryableConflict(wrapped(pg('40001', 'could not serialize access')))).toBe(true);
    expect(isRetryableConflict(wrapped(pg('23505')))).toBe(false);
    expect(isRetryableConflict(undefined)).toBe(false);
  });
});
