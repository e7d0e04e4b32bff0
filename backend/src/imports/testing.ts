import ExcelJS from 'exceljs';
import type { Response } from 'superagent';
import { bearer, type TestApp } from '../../test/test-app';

/** Text of a CSV file from rows of cells (quoted where needed). */
export function csvOf(rows: (string | number)[][]): Buffer {
  const field = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return Buffer.from(rows.map((r) => r.map(field).join(',')).join('\n') + '\n');
}

/** An xlsx file of one sheet from rows of cells. */
export async function xlsxOf(rows: (string | number | Date)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Data');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** POST /api/imports with the file and form fields. */
export function upload(
  t: TestApp,
  token: string,
  file: Buffer,
  name: string,
  fields: { kind: string; warehouse?: string; mapping?: object | string; options?: object | string },
): Promise<Response> {
  let req = t.http.post('/api/imports').set(bearer(token)).attach('file', file, name).field('kind', fields.kind);
  if (fields.warehouse) req = req.field('warehouse', fields.warehouse);
  if (fields.mapping) req = req.field('mapping', typeof fields.mapping === 'string' ? fields.mapping : JSON.stringify(fields.mapping));
  if (fields.options) req = req.field('options', typeof fields.options === 'string' ? fields.options : JSON.stringify(fields.options));
  return req;
}

/** Uploads and commits; throws with the answers when either fails. Returns the committed import. */
export async function importFile(t: TestApp, token: string, file: Buffer, name: string, fields: Parameters<typeof upload>[4]): Promise<{ _id: string; result: Record<string, number>; [k: string]: unknown }> {
  const preview = await upload(t, token, file, name, fields);
  if (preview.status !== 201) throw new Error(`upload: ${preview.status} ${JSON.stringify(preview.body)}`);
  const commit = await t.http.post(`/api/imports/${preview.body.data.import._id}/commit`).set(bearer(token));
  if (commit.status !== 200) throw new Error(`commit: ${commit.status} ${JSON.stringify(commit.body)}`);
  return commit.body.data.import;
}
