/** What the login response leaves in localStorage. */
export interface Session {
  token: string;
  role: string;
  first_name: string;
  _id: string;
  warehouse: string | null;
}

const KEYS = ['token', 'role', 'first_name', '_id', 'warehouse'] as const;

/** Stores the login `data` of POST /api/users/login. */
export function saveSession(s: Session): void {
  localStorage.setItem('token', s.token);
  localStorage.setItem('role', s.role);
  localStorage.setItem('first_name', s.first_name);
  localStorage.setItem('_id', s._id);
  localStorage.setItem('warehouse', s.warehouse ?? '');
}

/** Clears every stored session key (logout). */
export function clearSession(): void {
  KEYS.forEach((k) => localStorage.removeItem(k));
}

/** The stored session, or null when signed out. */
export function readSession(): Session | null {
  const token = localStorage.getItem('token');
  if (!token) return null;
  return {
    token,
    role: localStorage.getItem('role') ?? '',
    first_name: localStorage.getItem('first_name') ?? '',
    _id: localStorage.getItem('_id') ?? '',
    warehouse: localStorage.getItem('warehouse') || null,
  };
}
