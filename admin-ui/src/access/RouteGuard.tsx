import type { ReactNode } from 'react';
import { CanAccess } from 'react-admin';
import { AccessDenied } from './AccessDenied';
import type { Access } from './rules';

/**
 * Renders a route's screen only when `authProvider.canAccess` allows its access; otherwise the
 * access page, so no screen loads, fails on save or waits forever for data it may not read.
 */
export const RouteGuard = ({ access, children }: { access: Access; children: ReactNode }) => (
  <CanAccess resource={access.resource} action={access.action} accessDenied={<AccessDenied />}>
    {children}
  </CanAccess>
);
