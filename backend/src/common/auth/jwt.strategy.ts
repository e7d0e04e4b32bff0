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
      secretOrKey: resolveJwtSecret(config),
      ignoreExpiration: false,
    });
  }

  async validate(payload: { sub: string }): Promise<AuthUser> {
    const user = await this.users.findById(payload.sub);
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
