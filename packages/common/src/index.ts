/**
 * Code shared by the API and the admin UI: the one permission table (spec 6), the password
 * rule (spec 5), the one phone format (issue 13) and the audit trail's vocabulary (issue 14),
 * the bulk import kinds and columns (issue 16) and the calendars, document languages and TIN
 * rule of the Ethiopian context (issue 18) and the valuation report's sort fields (issue 13). Plain data and pure functions only, no
 * imports.
 */
export * from './permissions';
export * from './password-rule';
export * from './phone';
export * from './audit';
export * from './imports';
export * from './calendar';
export * from './valuation';
export * from './role-names';
