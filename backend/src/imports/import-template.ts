import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type ImportKind } from '@inventory/common';

/**
 * GET /api/imports/templates/{kind}: the kind's headers and one example row; the xlsx
 * has a second sheet "Columns" describing each column (required or not, what it holds).
 */
export async function importTemplate(kind: ImportKind, format: 'xlsx' | 'csv'): Promise<{ file: Buffer; filename: string; type: string }> {
  const columns = IMPORT_COLUMNS[kind];
  const filename = `${kind}_template.${format}`;
  if (format === 'csv') {
    const line = (cells: string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
    const text = `\uFEFF${line(columns.map((c) => c.header))}\n${line(columns.map((c) => c.example))}\n`;
    return { file: Buffer.from(text, 'utf8'), filename, type: 'text/csv; charset=utf-8' };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: Math.max(14, c.header.length + 4), style: { numFmt: '@' } }));
  sheet.addRow(Object.fromEntries(columns.map((c) => [c.field, c.example])));
  sheet.getRow(1).font = { bold: true };
  const about = workbook.addWorksheet('Columns');
  about.columns = [
    { header: 'Column', key: 'header', width: 24 },
    { header: 'Field', key: 'field', width: 18 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Description', key: 'description', width: 80 },
    { header: 'Example', key: 'example', width: 28 },
  ];
  for (const c of columns) about.addRow({ ...c, required: c.required ? 'yes' : 'no' });
  about.getRow(1).font = { bold: true };
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), filename, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}
