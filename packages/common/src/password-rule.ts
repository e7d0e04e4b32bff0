/**
 * The password-strength rule of spec 5: at least 8 characters with an upper-case letter, a
 * lower-case letter, a digit and one of @$!%*?&. Other characters are allowed too. Shared by the
 * staff DTOs, the first-admin configuration check and the admin UI's staff form.
 */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/;

/** What a person reads when a password breaks {@link STRONG_PASSWORD}. */
export const STRONG_PASSWORD_MESSAGE = 'Password must be at least 8 characters with upper case, lower case, a digit and one of @$!%*?&';
