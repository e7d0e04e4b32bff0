import { describe, expect, it } from 'vitest';
import { formatPhone, localPhone } from './phone';

describe('formatPhone', () => {
  it.each([
    ['911234567', '+251 911 234 567'],
    ['0911234567', '+251 911 234 567'],
    ['251911234567', '+251 911 234 567'],
    ['+251 911-234-567', '+251 911 234 567'],
    ['(0911) 23 45 67', '+251 911 234 567'],
  ])('prints %s as %s', (stored, shown) => expect(formatPhone(stored)).toBe(shown));

  it('prints anything else as stored', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('+1 202 555 0100')).toBe('+1 202 555 0100');
  });
});

describe('localPhone', () => {
  it.each([
    ['+251 911 234 567', '911234567'],
    ['251-911-234567', '911234567'],
    ['0911234567', '911234567'],
    ['911234567', '911234567'],
  ])('stores %s as %s', (typed, stored) => expect(localPhone(typed)).toBe(stored));

  it('keeps a number that is not 9 digits after the prefix, for the form to refuse', () => {
    expect(localPhone('09112')).toBe('09112');
    expect(localPhone('2519112345678')).toBe('2519112345678');
  });
});
