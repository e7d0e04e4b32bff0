import zlib from 'node:zlib';

/** A part of a zip to write: its bytes, or `chunk` repeated `times` (deflated as a stream, never held whole). */
export interface ZipPart {
  name: string;
  data?: string;
  chunk?: Buffer;
  times?: number;
  /** A lie in the directory and local header: the unpacked size declared instead of the real one. */
  declaredSize?: number;
}

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>';
const SHEET_TAIL = '</t></is></c></row></sheetData></worksheet>';

/** The parts of a minimal xlsx around a worksheet whose one cell holds `cellBytes` of "a" (a zip bomb when large). */
export function bombXlsxParts(cellBytes: number, declaredSize?: number): ZipPart[] {
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  return [
    { name: '[Content_Types].xml', data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>' },
    { name: '_rels/.rels', data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>' },
    { name: 'xl/workbook.xml', data: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>' },
    { name: 'xl/_rels/workbook.xml.rels', data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
    { name: 'xl/worksheets/sheet1.xml', data: SHEET_HEAD, chunk, times: Math.ceil(cellBytes / chunk.length), declaredSize },
  ];
}

/** Deflates a part as a stream: its compressed bytes, CRC-32 and real size. */
async function deflate(part: ZipPart): Promise<{ data: Buffer; crc: number; size: number }> {
  const z = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise((resolve) => z.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (b: Buffer) => {
    crc = zlib.crc32(b, crc);
    size += b.length;
    if (!z.write(b)) await new Promise((resolve) => z.once('drain', resolve));
  };
  await write(Buffer.from(part.data ?? ''));
  for (let i = 0; i < (part.times ?? 0); i++) await write(part.chunk!);
  if (part.times) await write(Buffer.from(SHEET_TAIL));
  z.end();
  await ended;
  return { data: Buffer.concat(out), crc, size };
}

/** A zip (deflate, no zip64) of the parts, written by hand so a test can make bombs and lying directories at run time. */
export async function zipOf(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, crc, size } = await deflate(part);
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt16LE(0x21, 14);
    dir.writeUInt32LE(crc >>> 0, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(declared, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(dir, name);
    offset += local.length + name.length + data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

/** Runs `work` while sampling the process's resident memory; the highest RSS seen above the start. */
export async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - start };
  } finally {
    clearInterval(timer);
  }
}
