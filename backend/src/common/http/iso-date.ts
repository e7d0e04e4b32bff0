import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, ValidateIf, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** `YYYY-MM-DD`, optionally followed by a time and a zone: `THH:mm[:ss[.sss]](Z|±hh:mm)`. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/;
/** The earliest date a field takes: 1970-01-01 (UTC). */
const EARLIEST = Date.UTC(1970, 0, 1);
const MESSAGE = 'must be an ISO date (YYYY-MM-DD) from 1970-01-01 to today';

/**
 * The instant an ISO date string names, or undefined when `value` is not one: a string (never a
 * number or boolean: no coercion) in {@link ISO_DATE} form naming a real
 * calendar day (no 2024-02-30).
 */
export function parseIsoDate(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  return new Date(value);
}

/** True when `date` lies between 1970-01-01 and the end of today (UTC): a purchase is never in the future. */
function inPast(date: Date): boolean {
  const endOfToday = new Date();
  endOfToday.setUTCHours(23, 59, 59, 999);
  return date.getTime() >= EARLIEST && date.getTime() <= endOfToday.getTime();
}

/**
 * The one decorator of purchase dates: optional (absent, not null); an ISO
 * date string from 1970-01-01 to today, turned into a Date. Anything else, `null`, `true`,
 * `12345`, `"0"`, `"99999-01-01"` or tomorrow, answers 400 "<field> must be an ISO date
 * (YYYY-MM-DD) from 1970-01-01 to today".
 */
export function PastIsoDateField(): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_object: object, value: unknown) => value !== undefined),
    // a valid date becomes a Date; anything else stays as sent for the check below (no coercion)
    Transform(({ value }: { value: unknown }) => {
      const date = parseIsoDate(value);
      return date && inPast(date) ? date : value;
    }),
    ValidateBy({
      name: 'pastIsoDate',
      validator: {
        validate: (value: unknown) => value instanceof Date,
        defaultMessage: (args?: ValidationArguments) => `${args?.property} ${MESSAGE}`,
      },
    }),
  );
}

/**
 * A day filter (transactions, stats): an ISO date string as {@link parseIsoDate} reads it, from
 * 1970-01-01, kept as the string. Refuses what `new Date` cannot read (`2024-W01`, `2024-02-30`)
 * rather than failing later. `options` as class-validator's (`each`, `message`).
 */
export function IsoDateString(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isoDateString',
      validator: {
        validate: (value: unknown) => (parseIsoDate(value)?.getTime() ?? -Infinity) >= EARLIEST,
        defaultMessage: (args?: ValidationArguments) => `${args?.property} must be an ISO date (YYYY-MM-DD) from 1970-01-01`,
      },
    },
    options,
  );
}
