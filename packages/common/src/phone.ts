/**
 * An Ethiopian phone number as every screen, export and document prints it (
 * One phone format (phones carry the +251 prefix): `+251 9XX XXX XXX`. The stored number is the 9-digit local number (a
 * customer's phone_no), but `0911…`, `251911…` and `+251 911 …` are read too. Anything else is
 * printed as stored.
 */
export function formatPhone(stored: string): string {
  const digits = stored.replace(/[\s().-]/g, '');
  const local = /^(?:\+?251|0)?(\d{9})$/.exec(digits)?.[1];
  return local ? `+251 ${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}` : stored;
}

/**
 * A customer phone as stored (9 digits): spaces and dashes removed, a
 * leading `+251`, `251` or `0` before 9 digits stripped. The customer form and the customer import
 * read phones with this one rule; anything still not 9 digits is refused by them.
 */
export const localPhone = (s: string): string => s.replace(/[\s-]+/g, '').replace(/^(\+?251|0)(?=\d{9}$)/, '');
