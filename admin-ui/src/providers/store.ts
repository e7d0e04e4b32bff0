import { localStorageStore, type Store } from 'react-admin';

const base = localStorageStore();

/**
 * react-admin's localStorage store, except that signing out (which resets the store) keeps the UI
 * language: the choice is remembered per browser, not per session.
 */
export const store: Store = {
  ...base,
  reset() {
    const locale = base.getItem<string>('locale');
    base.reset();
    if (locale) base.setItem('locale', locale);
  },
};
