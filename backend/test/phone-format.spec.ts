import { formatPhone } from '@inventory/common';

describe('formatPhone (issue 12, point 21; issue 13)', () => {
  it.each([
    ['911000111', '+251 911 000 111'],
    ['0911000111', '+251 911 000 111'],
    ['251911000111', '+251 911 000 111'],
    ['+251911000111', '+251 911 000 111'],
    ['+251 911 000 111', '+251 911 000 111'],
    ['711-22-33-44', '+251 711 223 344'],
  ])('prints %s as %s', (stored, printed) => expect(formatPhone(stored)).toBe(printed));

  it.each(['12345', '09110001112', '+1 202 555 0100', ''])('prints %j, not a local number, as stored', (stored) => {
    expect(formatPhone(stored)).toBe(stored);
  });
});
