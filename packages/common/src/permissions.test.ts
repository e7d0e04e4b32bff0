import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLES } from './permissions';
import { STRONG_PASSWORD } from './password-rule';
import { ROLE_NAMES } from './role-names';

describe('permission table', () => {
  it('names only known roles, each at most once', () => {
    for (const [permission, roles] of Object.entries(PERMISSIONS)) {
      for (const role of roles) expect(ROLES, permission).toContain(role);
      expect(new Set(roles).size, permission).toBe(roles.length);
    }
  });

  it('answers from the table', () => {
    expect(can('admin', 'staff.manage')).toBe(true);
    expect(can('finance', 'staff.manage')).toBe(false);
    expect(can('finance', 'incoming.approve')).toBe(true);
    expect(can('sales', 'incoming.read')).toBe(false);
    expect(can('warehouseAdmin', 'outgoing.deliver')).toBe(true);
    expect(can('sales', 'outgoing.deliver')).toBe(false);
    expect(ROLES.every((r) => can(r, 'account.self'))).toBe(true);
  });

  it('refuses a missing or unknown role', () => {
    expect(can(undefined, 'account.self')).toBe(false);
    expect(can('', 'account.self')).toBe(false);
    expect(can('superuser', 'staff.read')).toBe(false);
  });

  it('names every role in English and Amharic', () => {
    for (const lang of ['en', 'am'] as const) expect(Object.keys(ROLE_NAMES[lang]).sort()).toEqual([...ROLES].sort());
  });
});

describe('password rule', () => {
  it.each(['Passw0rd!', 'Abcdefg1@', 'xY9$xY9$', 'Long password 1 with space & more Z'])('accepts %s', (p) => {
    expect(STRONG_PASSWORD.test(p)).toBe(true);
  });

  it.each([
    ['Pa0!', 'shorter than 8'],
    ['Pas0rd!', '7 characters, every kind'],
    ['password1!', 'no upper case'],
    ['PASSWORD1!', 'no lower case'],
    ['Password!!', 'no digit'],
    ['Password12', 'no special of @$!%*?&'],
    ['Password1#', '# is not one of @$!%*?&'],
  ])('refuses %s (%s)', (p) => {
    expect(STRONG_PASSWORD.test(p)).toBe(false);
  });
});
