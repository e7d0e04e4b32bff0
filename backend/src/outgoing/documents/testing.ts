import type { Response } from 'supertest';
import type { TestApp } from '../testing';

// pdf-parse's index runs a self-test when required from a module without a parent; the lib entry does not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (data: Buffer) => Promise<{ numpages: number; text: string }>;

/** Collects a binary response body as a Buffer. */
const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A document route of an outgoing list. */
export type OutgoingDocument = 'delivery-note' | 'invoice';

/** GETs a document of list `id` as `token` (with `headers`, e.g. Accept-Language); the body is the raw bytes (a PDF, or the JSON error). */
export function fetchPdf(t: TestApp, id: string, doc: OutgoingDocument, token: string, headers: Record<string, string> = {}) {
  return t.http.get(`/api/outgoingLists/${id}/${doc}`).set({ Authorization: `Bearer ${token}`, ...headers }).buffer(true).parse(binary);
}

/** The text and page count of a PDF response. */
export const readPdf = (res: { body: Buffer }) => pdfParse(res.body);

/** The JSON error body of a refused document request. */
export const errorOf = (res: { body: Buffer }): { statusCode: number; message: string } => JSON.parse(res.body.toString());
