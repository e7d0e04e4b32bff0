import { createSecretKey } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { IncomingMessage } from 'node:http';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig, resolveJwtSecret } from '../../config/app-config';
import type { AuthUser } from './auth-user';
import { AuthUsers } from './auth-users';
import { DEFAULT_CALENDAR, isCalendar, type Role } from '@inventory/common';
import { JWT_ALGORITHM, type TokenClaims } from './token-claims';

/** Accepts `Authorization: Bearer <token>` and, as the original client sent it, the bare token. */
const fromBareHeader = (req: IncomingMessage): string | null => {
  const header = req.headers.authorization;
  return header && !header.includes(' ') ? header : null;
};

/**
 * Verifies the token (HS256 only, `exp` required: issue 12, point 7) and loads the user. Removed
 * users' tokens stop working, and so does every token issued before the user's session version
 * was raised by a password change or reset, a removal or a reactivation.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    config: AppConfig,
    private readonly users: AuthUsers,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromBareHeader]),
      // A KeyObject: given a string, jsonwebtoken first tries to parse it as a PEM public key on
      // every verify and throws (about 0.5 ms a request, docs/performance.md). It accepts KeyObjects.
      secretOrKey: createSecretKey(Buffer.from(resolveJwtSecret(config))) as unknown as Buffer,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  async validate(payload: Partial<TokenClaims> & { exp?: unknown; purpose?: unknown }): Promise<AuthUser> {
    // jsonwebtoken checks `exp` only when present; a token that never expires is refused here, and so
    // is an event-stream ticket, which opens GET /api/events and nothing else
    if (typeof payload.exp !== 'number' || typeof payload.sub !== 'string' || payload.purpose !== undefined) {
      throw new UnauthorizedException('Please sign in: missing or invalid token');
    }
    const user = await this.users.find(payload.sub);
    if (!user || user.removed) throw new UnauthorizedException('Your account is no longer active');
    if (payload.ver !== user.sessionVersion) throw new UnauthorizedException('Your session has ended, please sign in again');
    return {
      id: user.id,
      role: user.role as Role,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      warehouseId: user.warehouseId,
      calendar: isCalendar(user.calendar) ? user.calendar : DEFAULT_CALENDAR,
    };
  }
}
