import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { PERMISSION_KEY, PUBLIC_KEY } from './auth.decorators';
import { can, Permission } from '@inventory/common';
import type { AuthUser } from './auth-user';

/**
 * The global guard: public routes pass; every other route needs a valid token and a role
 * holding the route's permission. A route that names neither is denied (deny by default).
 */
@Injectable()
export class AuthRolesGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(PERMISSION_KEY, targets);
    await super.canActivate(context);
    const user: AuthUser = context.switchToHttp().getRequest().user;
    if (!permission || !can(user.role, permission)) {
      throw new ForbiddenException('Your role is not allowed to do this');
    }
    return true;
  }

  override handleRequest<T>(err: unknown, user: T, info: unknown): T {
    // A failed user look-up (database down) is no reason to sign out: the error filter answers 503.
    if (err && !(err instanceof UnauthorizedException)) throw err;
    if (err || !user) {
      const reason =
        err instanceof UnauthorizedException
          ? err.message
          : info instanceof Error && info.name === 'TokenExpiredError'
            ? 'Your session has expired, please sign in again'
            : 'Please sign in: missing or invalid token';
      throw new UnauthorizedException(reason);
    }
    return user;
  }
}
