/**
 * Code shared by the API and the admin UI: the one permission table (spec 6) and the password
 * rule (spec 5). Plain data and pure functions only, no imports.
 */
export * from './permissions';
export * from './password-rule';
