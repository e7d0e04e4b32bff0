/**
 * What of an unexpected error may be logged: its class, code and message
 * and the stack frames, never the values it carried. Drizzle's "Failed query" message ends with
 * the query's parameters (password hashes, emails, phones); PostgreSQL's `detail` repeats row
 * values. Both stay out of the logs.
 */
export interface SafeError {
  type: string;
  code?: string;
  message: string;
  stack?: string;
  cause?: SafeError;
}

/** Cuts Drizzle's "\nparams: ..." tail off a message. */
const withoutParams = (message: string): string => message.replace(/\nparams:[\s\S]*$/, '');

/** The loggable part of `err` and its causes (at most 3 deep). */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: typeof err === 'string' ? withoutParams(err) : 'non-error value thrown' };
  const { code, cause } = err as Error & { code?: unknown };
  const frames = err.stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  return {
    type: err.constructor?.name ?? err.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: withoutParams(err.message),
    ...(frames ? { stack: frames } : {}),
    ...(cause !== undefined && depth < 3 ? { cause: safeError(cause, depth + 1) } : {}),
  };
}
