import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** What an uploaded zip (an xlsx workbook) may unpack to. */
export interface ZipLimits {
  /** Most parts (files) in the archive. */
  entries: number;
  /** Most bytes all parts together unpack to. */
  unpackedBytes: number;
}

const MB = 1024 * 1024;

/**
 * Checks an uploaded xlsx (a zip) before any parser sees it: first the sizes and the number of
 * parts its directory declares, then every part is inflated as a stream and thrown away, stopping
 * as soon as the bytes pass the declared size or the limit. Memory stays at one chunk, so a zip
 * bomb (a few MB inflating to GBs) is refused without being unpacked.
 * @throws PayloadTooLargeException (413) naming the limit it passes
 * @throws BadRequestException (400) when the file is not a zip, or a part is larger than declared
 */
export async function assertSafeZip(source: string | Buffer, limits: ZipLimits): Promise<void> {
  const zip = await openZip(source);
  try {
    if (zip.entryCount > limits.entries) throw new PayloadTooLargeException(`the xlsx file holds more than ${limits.entries} parts`);
    const entries = await readEntries(zip);
    const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
    if (declared > limits.unpackedBytes) throw tooLarge(limits);
    let inflated = 0;
    for (const entry of entries) inflated = await drain(zip, entry, inflated, limits);
  } finally {
    zip.close();
  }
}

const tooLarge = (limits: ZipLimits) => new PayloadTooLargeException(`the xlsx file unpacks to more than ${Math.round(limits.unpackedBytes / MB)} MB`);
const notAZip = () => new BadRequestException('file is not a valid xlsx workbook: save it again from the spreadsheet program');

function openZip(source: string | Buffer): Promise<ZipFile> {
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zip?: ZipFile) => (err || !zip ? reject(notAZip()) : resolve(zip));
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

/** Every entry of the central directory (sizes as declared; nothing inflated). */
function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (e: Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(notAZip()));
    zip.readEntry();
  });
}

/** Inflates one part and throws its bytes away; the running total of inflated bytes after it. */
function drain(zip: ZipFile, entry: Entry, before: number, limits: ZipLimits): Promise<number> {
  return new Promise((resolve, reject) => {
    if (entry.fileName.endsWith('/')) return resolve(before);
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(notAZip());
      let total = before;
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limits.unpackedBytes) {
          stream.destroy();
          reject(tooLarge(limits));
        }
      });
      stream.on('error', () => reject(notAZip()));
      stream.on('end', () => resolve(total));
    });
  });
}
