/**
 * Reading one cell of an import: each returns the normalised value, or throws a
 * {@link CellError} whose message the preview lists with the row and column.
 */
export class CellError extends Error {}

/** A decimal number as exact text, at most `scale` decimals; `negative` allows a sign. */
export function decimalText(raw: string, scale: number, opts: { negative?: boolean; positive?: boolean } = {}): string {
  const s = raw.trim().replace(/,/g, '');
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s) ?? /^(-?)()\.(\d+)$/.exec(s);
  if (!m) throw new CellError(`must be a number, got "${raw.slice(0, 40)}"`);
  const [, sign, int, frac = ''] = m;
  const trimmed = frac.replace(/0+$/, '');
  if (trimmed.length > scale) throw new CellError(`must have at most ${scale} decimals`);
  if (sign && !opts.negative) throw new CellError('must not be negative');
  const text = `${sign}${int.replace(/^0+(?=\d)/, '') || '0'}${trimmed ? `.${trimmed}` : ''}`;
  if (opts.positive && Number(text) <= 0) throw new CellError('must be greater than 0');
  if (Number(text) === 0 && opts.negative) throw new CellError('must not be 0');
  if (Math.abs(Number(text)) >= 1e11) throw new CellError('is too large');
  return text;
}

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date and time as ISO text (UTC). Reads `YYYY-MM-DD[ HH:MM[:SS]][zone]` and `M/D/YYYY[ H:MM]`
 * (the UCI file's spreadsheet form); no zone means UTC. Years before 1900 or after 2100 are refused.
 */
export function dateText(raw: string): string {
  const s = raw.trim();
  let y: number, mo: number, d: number, h = 0, mi = 0, se = 0, zone = 'Z';
  const iso = ISO.exec(s);
  const dmy = iso ? null : DMY.exec(s);
  if (iso) {
    [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    [h, mi, se] = [Number(iso[4] ?? 0), Number(iso[5] ?? 0), Number(iso[6] ?? 0)];
    zone = iso[7] ?? 'Z';
  } else if (dmy) {
    [mo, d, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
    [h, mi, se] = [Number(dmy[4] ?? 0), Number(dmy[5] ?? 0), Number(dmy[6] ?? 0)];
  } else {
    throw new CellError(`must be a date like 2025-06-30 or 2025-06-30 14:05, got "${raw.slice(0, 40)}"`);
  }
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const text = `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(se)}${zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`;
  const date = new Date(text);
  const valid = !Number.isNaN(date.getTime()) && mo >= 1 && mo <= 12 && d >= 1 && d === new Date(Date.UTC(y, mo - 1, d)).getUTCDate() && h < 24 && mi < 60 && se < 60;
  if (!valid) throw new CellError(`is not a valid date: "${raw.slice(0, 40)}"`);
  if (y < 1900 || y > 2100) throw new CellError('must be a year between 1900 and 2100');
  return date.toISOString();
}

/** Text split on ";" into trimmed, non-empty, distinct parts. */
export function listText(raw: string): string[] {
  return [...new Set(raw.split(';').map((p) => p.trim()).filter(Boolean))];
}

/** `Name: value; Name: value` specifications. */
export function specificationsText(raw: string): { name: string; value: string }[] {
  return listText(raw).map((part) => {
    const at = part.indexOf(':');
    if (at <= 0) throw new CellError(`must be "Name: value" pairs separated by ";", got "${part.slice(0, 40)}"`);
    return { name: part.slice(0, at).trim(), value: part.slice(at + 1).trim() };
  });
}

/** Text of at most `max` characters. */
export function shortText(raw: string, max: number): string {
  const s = raw.trim();
  if (s.length > max) throw new CellError(`must be at most ${max} characters`);
  return s;
}

/** A code as kept: spreadsheet number artefacts (`17850.0`) lose their `.0`. */
export function codeText(raw: string): string {
  const s = shortText(raw, 100);
  return /^\d+\.0+$/.test(s) ? s.replace(/\.0+$/, '') : s;
}
