import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtension,
  ApiForbiddenResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Permission, PERMISSIONS } from '@inventory/common';
import type { AuthUser } from './auth-user';

export const PERMISSION_KEY = 'permission';
export const PUBLIC_KEY = 'public';

/**
 * Marks a route as allowed to the roles holding `permission` (see permissions.ts) and
 * documents it in OpenAPI: bearer auth, `x-roles`, and the 401/403 responses.
 * Routes without this or {@link Public} are denied by the global guard.
 */
export function Allow(permission: Permission) {
  const roles = PERMISSIONS[permission];
  return applyDecorators(
    SetMetadata(PERMISSION_KEY, permission),
    ApiBearerAuth(),
    ApiExtension('x-roles', [...roles]),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' }),
    ApiForbiddenResponse({ description: `Roles allowed: ${roles.join(', ')}` }),
  );
}

/** Marks a route as public (no token). */
export function Public(opts: { rateLimited?: boolean } = {}) {
  const decorators = [SetMetadata(PUBLIC_KEY, true), ApiExtension('x-roles', ['public'])];
  if (opts.rateLimited) decorators.push(ApiTooManyRequestsResponse({ description: 'Too many failed attempts' }));
  return applyDecorators(...decorators);
}

/** The signed-in user of the request. */
export const CurrentUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): AuthUser => ctx.switchToHttp().getRequest().user,
);
