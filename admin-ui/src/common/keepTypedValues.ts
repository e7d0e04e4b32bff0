/**
 * Reset options of the create and edit forms: when their record is fetched again while the form
 * is open (the edit page's own fetch landing after the list's cached copy was shown, or a live
 * update), what the user already typed stays. Without them react-admin resets the form to the
 * fetched record and Save sends the old values (a browser test typed an address within that moment).
 */
export const KEEP_TYPED_VALUES = { keepDirtyValues: true } as const;
