import type { IncomingHttpHeaders } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { DEFAULT_CALENDAR, documentLanguage, formatCalendarDay, type Calendar, type DocumentLanguage } from '@inventory/common';
import type { AuthUser } from '../auth/auth-user';

/**
 * How a PDF or an export is written for its reader: the language of its labels, from
 * the request's `Accept-Language` (`am` → Amharic labels with the English ones beneath, anything
 * else → English as before), and the calendar of its dates, the signed-in user's setting.
 */
export interface DocumentLocale {
  language: DocumentLanguage;
  calendar: Calendar;
}

/** English labels and Gregorian dates: the documents as they were before issue 18. */
export const ENGLISH: DocumentLocale = { language: 'en', calendar: DEFAULT_CALENDAR };

/** The locale of a request: `Accept-Language` and the signed-in user's calendar (Gregorian when signed out). */
export function localeOf(req: { headers: IncomingHttpHeaders }): DocumentLocale {
  const user = (req as { user?: AuthUser }).user;
  return { language: documentLanguage(req.headers['accept-language']), calendar: user?.calendar ?? DEFAULT_CALENDAR };
}

/** Route parameter: the request's {@link DocumentLocale}. */
export const Locale = createParamDecorator((_: unknown, ctx: ExecutionContext): DocumentLocale => localeOf(ctx.switchToHttp().getRequest()));

/** Swagger of a route that reads `Accept-Language` for its labels (PDFs and exports). */
export const ApiDocumentLanguage = (): MethodDecorator =>
  ApiHeader({
    name: 'Accept-Language',
    required: false,
    description: "am: Amharic labels with the English ones beneath; anything else: English. Dates follow the user's calendar (issue 18).",
  });

/** The calendar day of an ISO timestamp or Date in the locale's calendar (ISO `2026-01-31` or Ethiopian `23/05/2018 AM`). */
export const localDay = (locale: DocumentLocale, date: string | Date): string => formatCalendarDay(date, locale.calendar);
