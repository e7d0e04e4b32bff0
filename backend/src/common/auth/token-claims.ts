/** The one token algorithm, used to sign and the only one accepted on verify. */
export const JWT_ALGORITHM = 'HS256';

/**
 * What a token carries: the user's id, role and session version (`users.session_version` when it
 * was issued). jsonwebtoken adds `iat` and `exp` on signing; a token without
 * `exp` is refused.
 */
export interface TokenClaims {
  sub: string;
  role: string;
  ver: number;
}
