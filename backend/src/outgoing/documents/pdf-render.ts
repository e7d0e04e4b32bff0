import fs from 'node:fs';
import path from 'node:path';
import PdfPrinter from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { AppConfig } from '../../config/app-config';
import type { CompanyInfo } from './document-parts';
import { PDF_FONT, pdfFonts } from './pdf-fonts';

/**
 * pdfmake on the server with Noto Sans Ethiopic (Ethiopic and Latin glyphs) from
 * node_modules: no network is needed.
 */
const printer = new PdfPrinter(pdfFonts());

/** Renders a document definition to PDF bytes (Noto Sans Ethiopic 9 pt by default). */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const doc = printer.createPdfKitDocument({ ...definition, defaultStyle: { font: PDF_FONT, fontSize: 9, ...definition.defaultStyle } });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** The logo file as a data URL, or undefined when unset, missing or not PNG/JPEG. */
export function loadLogo(file: string | undefined): string | undefined {
  const type = file ? IMAGE_TYPES[path.extname(file).toLowerCase()] : undefined;
  if (!file || !type || !fs.existsSync(file)) return undefined;
  return `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;
}

/** The company details every document prints, from configuration (the logo read once). */
export function companyInfo(config: AppConfig): CompanyInfo {
  return {
    name: config.COMPANY_NAME,
    address: config.COMPANY_ADDRESS,
    tin: config.COMPANY_TIN,
    registration: config.COMPANY_REGISTRATION,
    logo: loadLogo(config.COMPANY_LOGO_PATH),
    providerCredit: config.PROVIDER_CREDIT,
  };
}
