import { duplicateValue, UNIQUE_FALLBACK, uniqueViolationMessage } from './unique-violation';

describe('unique violation messages', () => {
  it('reads the duplicate value from PostgreSQL’s detail, whatever it contains', () => {
    expect(duplicateValue('Key (grn)=(GRN-1) already exists.')).toBe('GRN-1');
    expect(duplicateValue('Key (grn)=(a)=(b) already exists.')).toBe('a)=(b');
    expect(duplicateValue('Key (lower(code))=(abc) already exists.')).toBe('abc');
    expect(duplicateValue('Key (grn)=() already exists.')).toBe('');
    expect(duplicateValue(undefined)).toBeUndefined();
    expect(duplicateValue('something else')).toBeUndefined();
  });

  it('maps known indexes to readable messages and falls back to the generic one', () => {
    expect(uniqueViolationMessage('incoming_lists_grn_uq', 'Key (grn)=(G-7) already exists.')).toBe('GRN "G-7" is already used');
    expect(uniqueViolationMessage('outgoing_lists_gin_uq', 'Key (gin)=(X) already exists.')).toBe('GIN "X" is already used');
    expect(uniqueViolationMessage('unknown_uq', 'Key (a)=(b) already exists.')).toBe(UNIQUE_FALLBACK);
    expect(uniqueViolationMessage('incoming_lists_grn_uq', undefined)).toBe(UNIQUE_FALLBACK);
  });
});
