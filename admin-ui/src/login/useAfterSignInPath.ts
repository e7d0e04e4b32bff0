import { useLocation } from 'react-router-dom';

/** What react-admin's auth check leaves in the login page's location state: the page that was asked for. */
interface AskedFor {
  nextPathname?: string;
  nextSearch?: string;
}

/**
 * Where signing in leads: the page the user asked for before being sent to sign in (a deep link
 * such as /report?x=1, kept by react-admin's auth check), else /dashboard.
 */
export function useAfterSignInPath(): string {
  const state = useLocation().state as AskedFor | null;
  const path = state?.nextPathname;
  if (!path || path === '/' || path.startsWith('/login')) return '/dashboard';
  return path + (state?.nextSearch ?? '');
}
