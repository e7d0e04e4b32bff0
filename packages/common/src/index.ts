/**
 * Code shared by the API and the admin UI: the one permission table and role names, the password
 * rule, the one phone format, the audit trail's vocabulary, the bulk import kinds and columns, the
 * calendars, document languages and TIN rule of the Ethiopian context, the valuation report's sort
 * fields, the workflow rule tables (which role takes which step from which status to which) and
 * the statuses of transfers, stock counts and adjustments.
 * Plain data and pure functions only, no imports.
 */
export * from './permissions';
export * from './password-rule';
export * from './phone';
export * from './audit';
export * from './imports';
export * from './calendar';
export * from './valuation';
export * from './role-names';
export * from './workflow';
export * from './incoming-flow';
export * from './outgoing-flow';
export * from './transfer-flow';
export * from './stock-count-flow';
export * from './adjustment-flow';
