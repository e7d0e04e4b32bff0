import { decimalProblem, MONEY, RATE } from './decimal';
import { parseIsoDate } from './iso-date';
import { findUnsafeInput, MAX_DEPTH } from './safe-input';

/** The shared input rules of issue 12, points 12 to 14 (the API tests prove them through HTTP). */
describe('findUnsafeInput', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : [nested(depth - 1)]);

  it('names the field of a NUL character or a lone surrogate, at any depth', () => {
    expect(findUnsafeInput({ name: 'a\u0000b' })).toEqual({ field: 'name', message: 'name must not contain a NUL character' });
    expect(findUnsafeInput({ quantity: [{ name: 'ok' }, { name: 'x\u0000' }] })?.field).toBe('quantity.1.name');
    expect(findUnsafeInput({ email: 'a\ud800@x.co' })).toEqual({ field: 'email', message: 'email must be valid Unicode text (it holds a lone surrogate)' });
    expect(findUnsafeInput({ email: 'a\udc00' })?.field).toBe('email');
    expect(findUnsafeInput('x\u0000', 'search')?.field).toBe('search');
  });

  it('accepts well-formed text, surrogate pairs included', () => {
    expect(findUnsafeInput({ name: 'Café 😀', list: ['a', 1, true, null, { b: 'c' }] })).toBeUndefined();
  });

  it('refuses __proto__ and constructor keys as unknown fields at any level', () => {
    expect(findUnsafeInput(JSON.parse('{"__proto__": {"x": 1}}'))).toEqual({ field: '__proto__', message: 'Unknown field "__proto__"' });
    expect(findUnsafeInput(JSON.parse('{"a": [{"constructor": {"prototype": {}}}]}'))).toEqual({ field: 'a.0.constructor', message: 'Unknown field "constructor"' });
  });

  it(`refuses nesting deeper than ${MAX_DEPTH} levels without recursing (5,000 levels)`, () => {
    expect(findUnsafeInput({ email: nested(MAX_DEPTH - 2) })).toBeUndefined();
    const deep = JSON.parse(`{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(findUnsafeInput(deep)).toEqual({ field: 'email', message: `email is nested too deeply (at most ${MAX_DEPTH} levels)` });
  });

  it('reports the first problem in field order', () => {
    expect(findUnsafeInput({ a: 'x\u0000', b: 'y\u0000' })?.field).toBe('a');
  });
});

describe('decimalProblem', () => {
  it.each([12, 12.5, 0, 0.01, 999_999_999_999.99])('accepts money %p', (v) => expect(decimalProblem(v, MONEY)).toBeUndefined());

  it.each([
    [1e-9, 'must be a number in plain decimal notation with at most 2 decimals'],
    [1e21, 'must be a number in plain decimal notation with at most 2 decimals'],
    [12.345, 'must be a number in plain decimal notation with at most 2 decimals'],
    ['12.50', 'must be a number in plain decimal notation with at most 2 decimals'],
    [true, 'must be a number in plain decimal notation with at most 2 decimals'],
    [null, 'must be a number in plain decimal notation with at most 2 decimals'],
    [Number.NaN, 'must be a number in plain decimal notation with at most 2 decimals'],
    [-1, 'must not be negative'],
    [1_000_000_000_000, 'must be at most 999999999999.99'],
  ])('refuses money %p: %s', (v, message) => expect(decimalProblem(v, MONEY)).toBe(message));

  it('applies the rate range and an exclusive minimum', () => {
    expect(decimalProblem(100, RATE)).toBeUndefined();
    expect(decimalProblem(100.001, RATE)).toBe('must be at most 100');
    expect(decimalProblem(0, { places: 3, min: 0, exclusiveMin: true, max: 10 })).toBe('must be greater than 0');
  });
});

describe('parseIsoDate', () => {
  it.each(['2020-05-01', '1970-01-01', '2024-02-29', '2020-05-01T10:30:00Z', '2020-05-01T10:30:00.123+03:00'])('reads %p', (v) =>
    expect(parseIsoDate(v)).toBeInstanceOf(Date),
  );

  it.each([true, 12345, '0', '', '99999-01-01', '2024-02-30', '2023-02-29', '2020-13-01', '2020-5-1', '2020-05-01T10:30:00', 'yesterday', null])(
    'refuses %p',
    (v) => expect(parseIsoDate(v)).toBeUndefined(),
  );
});
