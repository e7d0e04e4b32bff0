import { createSecretKey } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig, resolveJwtSecret } from '../../config/app-config';
import { UsersRepository } from '../../users/users.repository';
import type { AuthUser } from './auth-user';
import type { Role } from './permissions';

/** Accepts `Authorization: Bearer <token>` and, as the original client sent it, the bare token. */
const fromBareHeader = (req: Request): string | null => {
  const header = req.headers.authorization;
  return header && !header.includes(' ') ? header : null;
};

/** Verifies the token and loads the user; removed users' tokens stop working. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    config: AppConfig,
    private readonly users: UsersRepository,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromBareHeader]),
      // A KeyObject: given a string, jsonwebtoken first tries to parse it as a PEM public key on
      // every verify and throws (about 0.5 ms a request, docs/performance.md). It accepts KeyObjects.
      secretOrKey: createSecretKey(Buffer.from(resolveJwtSecret(config))) as unknown as Buffer,
      ignoreExpiration: false,
    });
  }

  async validate(payload: { sub: string }): Promise<AuthUser> {
    const user = await this.users.findAuthUser(payload.sub);
    if (!user || user.removed) throw new UnauthorizedException('Your account is no longer active');
    return {
      id: user.id,
      role: user.role as Role,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      warehouseId: user.warehouseId,
    };
  }
}
