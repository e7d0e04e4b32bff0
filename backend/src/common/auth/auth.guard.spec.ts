import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { PERMISSION_KEY, PUBLIC_KEY } from './auth.decorators';
import { AuthRolesGuard } from './auth.guard';
import { can } from '@inventory/common';

function contextFor(handler: () => void, role: string): ExecutionContext {
  return {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({ getRequest: () => ({ user: { role } }) }),
  } as unknown as ExecutionContext;
}

describe('AuthRolesGuard', () => {
  const guard = new AuthRolesGuard(new Reflector());
  beforeAll(() => {
    // token verification is passport's job; here only the role decision is under test
    jest.spyOn(AuthGuard('jwt').prototype, 'canActivate').mockResolvedValue(true);
  });

  it('lets public routes through without a user', async () => {
    const handler = () => undefined;
    Reflect.defineMetadata(PUBLIC_KEY, true, handler);
    await expect(guard.canActivate(contextFor(handler, ''))).resolves.toBe(true);
  });

  it('denies a route that names no permission (deny by default)', async () => {
    await expect(guard.canActivate(contextFor(() => undefined, 'admin'))).rejects.toBeInstanceOf(ForbiddenException);
  });

  it('allows only the roles of the permission', async () => {
    const handler = () => undefined;
    Reflect.defineMetadata(PERMISSION_KEY, 'staff.manage', handler);
    await expect(guard.canActivate(contextFor(handler, 'admin'))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(handler, 'sales'))).rejects.toBeInstanceOf(ForbiddenException);
  });

  it('reads the permission table', () => {
    expect(can('warehouseAdmin', 'products.manage')).toBe(true);
    expect(can('admin', 'products.manage')).toBe(false);
    expect(can(undefined, 'staff.read')).toBe(false);
  });
});
