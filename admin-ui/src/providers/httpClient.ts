import { fetchUtils } from 'react-admin';

/** Every API path is relative to this prefix (same origin: the backend serves the UI). */
export const API_URL = '/api';

/** The `{message, data}` body of every successful API response. */
export interface Envelope<T = unknown> {
  message: string;
  data: T;
}

/**
 * JSON fetch with the stored Bearer token. Failures reject with react-admin's HttpError whose
 * `message` is the server's `message` (fetchUtils reads it from the error body) and `status` the HTTP code.
 */
export async function httpClient<T = unknown>(path: string, options: fetchUtils.Options = {}): Promise<Envelope<T>> {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = localStorage.getItem('token');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const { json } = await fetchUtils.fetchJson(`${API_URL}${path}`, { ...options, headers });
  return json as Envelope<T>;
}

/** Calls `method path` with an optional JSON body and returns the envelope. */
export function apiCall<T = unknown>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  return httpClient<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The readable message of any thrown value (the server's `message` for API failures). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string') return error;
  return 'ra.notification.http_error';
}
