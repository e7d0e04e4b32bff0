import type { AuthProvider } from 'react-admin';
import { allows } from '../access/rules';
import type { SignedIn } from '../preferences/useSaveLanguage';
import { apiCall } from './httpClient';
import { clearSession, readSession, saveSession, type Session } from './session';

interface Credentials {
  email?: string;
  password?: string;
}

/**
 * Sign-in against POST /api/users/login. The token, role, first name,
 * id and warehouse are kept in localStorage; a 401 from any call signs the user out. Nothing
 * else does: a 503 or no answer (server or database down) keeps the session.
 * `canAccess` answers react-admin's access questions (routes, lists, forms) from the one permission
 * table through access/rules.ts.
 */
export const authProvider: AuthProvider = {
  /** Signs in and stores the session; resolves with the user's saved UI `language` for the sign-in screen to apply. */
  async login({ email, password }: Credentials): Promise<SignedIn> {
    const { data } = await apiCall<Session & SignedIn>('POST', '/users/login', { email, password });
    saveSession(data);
    return { language: data.language };
  },
  async logout() {
    clearSession();
  },
  async checkAuth() {
    if (!readSession()) throw new Error('ra.auth.auth_check_error');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      throw new Error('ra.notification.logged_out');
    }
  },
  async getIdentity() {
    const s = readSession();
    if (!s) throw new Error('ra.auth.auth_check_error');
    return { id: s._id, fullName: s.first_name };
  },
  async getPermissions() {
    return readSession()?.role ?? '';
  },
  async canAccess({ resource, action }) {
    return allows(readSession()?.role, { resource, action });
  },
};
