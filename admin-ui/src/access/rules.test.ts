import { describe, expect, it } from 'vitest';
import { allows, ROUTE_ACCESS } from './rules';

describe('screen access', () => {
  it('reads with the read permission and writes with the write one', () => {
    expect(allows('finance', { resource: 'reports', action: 'show' })).toBe(true);
    expect(allows('sales', { resource: 'reports', action: 'show' })).toBe(false);
    expect(allows('warehouseAdmin', { resource: 'products', action: 'list' })).toBe(true);
    expect(allows('warehouseAdmin', { resource: 'products', action: 'create' })).toBe(true);
    expect(allows('sales', { resource: 'products', action: 'edit' })).toBe(false);
    expect(allows('admin', { resource: 'users', action: 'create' })).toBe(true);
    expect(allows('finance', { resource: 'users', action: 'create' })).toBe(false);
  });

  it('never opens a form on a resource changed only through its workflow', () => {
    for (const role of ['admin', 'warehouseAdmin', 'finance', 'sales']) {
      expect(allows(role, { resource: 'incomingLists', action: 'create' })).toBe(false);
      expect(allows(role, { resource: 'transactions', action: 'edit' })).toBe(false);
    }
  });

  it('refuses no role, and leaves a resource it has no rule for to the server', () => {
    expect(allows(undefined, { resource: 'products', action: 'list' })).toBe(false);
    expect(allows('sales', { resource: 'somethingNew', action: 'delete' })).toBe(true);
  });

  it('guards the spec routes as their screens need', () => {
    expect(allows('sales', ROUTE_ACCESS['/incomingInventory'])).toBe(false);
    expect(allows('importAdmin', ROUTE_ACCESS['/pendingIncoming/:id'])).toBe(true);
    expect(allows('sales', ROUTE_ACCESS['/sales/outgoing'])).toBe(true);
    expect(allows('importAdmin', ROUTE_ACCESS['/sales/outgoing'])).toBe(false);
    expect(allows('warehouseAdmin', ROUTE_ACCESS['/userRegistration'])).toBe(false);
  });
});
