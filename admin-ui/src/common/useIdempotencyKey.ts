import { useCallback, useRef } from 'react';

/** A fresh Idempotency-Key: a UUID (crypto.randomUUID needs HTTPS or localhost; plain HTTP falls back to getRandomValues). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per submission of a stock-moving POST (docs/api.md):
 * `keyFor(payload)` gives the same key while the same payload is retried (a timeout, a network
 * error, a 409 "in progress"), so the server posts it at most once, and a fresh key when the
 * payload changes; `settled()` forgets it after a success, so the next submission posts anew.
 */
export function useIdempotencyKey() {
  const last = useRef<{ payload: string; key: string } | null>(null);
  const keyFor = useCallback((payload: unknown): string => {
    const text = JSON.stringify(payload);
    if (last.current?.payload !== text) last.current = { payload: text, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
  const settled = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, settled };
}
