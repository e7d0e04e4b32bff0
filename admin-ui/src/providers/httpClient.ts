import { fetchUtils, HttpError } from 'react-admin';
import { currentLocale } from '../i18n/i18nProvider';

/** Every API path is relative to this prefix (same origin: the backend serves the UI). */
export const API_URL = '/api';

/** The `{message, data}` body of every successful API response. */
export interface Envelope<T = unknown> {
  message: string;
  data: T;
}

/**
 * The headers of every API request: the stored Bearer token and `Accept-Language` (the UI language,
 * `en` or `am`), so messages, PDFs and exports come back in the user's language.
 */
export function apiHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  const token = localStorage.getItem('token');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('Accept-Language', currentLocale());
  return headers;
}

/** i18n key of the notice shown while the server or its database cannot be reached. */
export const UNAVAILABLE = 'app.unavailable';

/**
 * JSON fetch with the {@link apiHeaders} (Bearer token, Accept-Language). Failures reject with react-admin's HttpError whose
 * `message` is the server's `message` (fetchUtils reads it from the error body) and `status` the HTTP code.
 * No answer at all (network error, status 0) and 502/503/504 reject with the {@link UNAVAILABLE}
 * message: the session is kept (authProvider.checkError signs out on 401 only).
 */
export async function httpClient<T = unknown>(path: string, options: fetchUtils.Options = {}): Promise<Envelope<T>> {
  const headers = apiHeaders(options.headers ?? { Accept: 'application/json' });
  try {
    const { json } = await fetchUtils.fetchJson(`${API_URL}${path}`, { ...options, headers });
    return json as Envelope<T>;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error; // cancelled by the caller
    if (!(error instanceof HttpError)) throw new HttpError(UNAVAILABLE, 0);
    if ([502, 503, 504].includes(error.status)) throw new HttpError(UNAVAILABLE, error.status, error.body);
    throw error;
  }
}

/** A downloaded file: its bytes and the name from `Content-Disposition` (or `fallbackName`). */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * GETs a file route (e.g. an export), or POSTs `body` as JSON when given, with the stored Bearer token. Rejects like
 * {@link httpClient}: HttpError with the server's `message` and status, {@link UNAVAILABLE} when unreachable.
 */
export async function downloadFile(path: string, fallbackName: string, body?: unknown): Promise<DownloadedFile> {
  const headers = apiHeaders();
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const init: RequestInit = body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) };
  const res = await fetch(`${API_URL}${path}`, init).catch(() => {
    throw new HttpError(UNAVAILABLE, 0);
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string | string[] };
    const message = [502, 503, 504].includes(res.status) ? UNAVAILABLE : [body.message ?? res.statusText].flat().join(', ');
    throw new HttpError(message, res.status, body);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await res.blob(), filename };
}

/** Saves `blob` as `filename` through a temporary link click (the browser's download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads a file route (see {@link downloadFile}) and saves it under the server's name. */
export async function saveDownload(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await downloadFile(path, fallbackName);
  saveBlob(blob, filename);
}

/** Options of {@link apiCall}. */
export interface CallOptions {
  /** Sent as the `Idempotency-Key` header: the same key for retries of one submission (docs/api.md). */
  idempotencyKey?: string;
}

/** Calls `method path` with an optional JSON body and returns the envelope. */
export function apiCall<T = unknown>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Envelope<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  return httpClient<T>(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The readable message of any thrown value (the server's `message` for API failures). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string') return error;
  return 'ra.notification.http_error';
}
