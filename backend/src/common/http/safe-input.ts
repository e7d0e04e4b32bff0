import type { FieldError } from './validation';

/** Deepest nesting a request body may have (a real body nests 4 levels at most). */
export const MAX_DEPTH = 32;

/** Keys that would reach an object's prototype through class-transformer: always unknown fields. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor']);

/** A lone UTF-16 surrogate: half of a pair without the other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first part of a parsed input (body, query or params) that no field may carry, or undefined
 *: nesting deeper than {@link MAX_DEPTH}, a `__proto__` or
 * `constructor` key at any level, a string holding a NUL character or a lone UTF-16 surrogate
 * (PostgreSQL refuses both). `field` is the dotted path (`quantity.0.name`), as in validation
 * errors. Walks with an explicit stack, so any depth is safe to inspect.
 */
export function findUnsafeInput(input: unknown, root = ''): FieldError | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { field: path, message: `${path || 'The body'} ${problem}` };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) {
      const top = path.split('.')[0];
      return { field: top, message: `${top || 'The body'} is nested too deeply (at most ${MAX_DEPTH} levels)` };
    }
    for (const key of Object.keys(value).reverse()) {
      const child = path ? `${path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) return { field: child, message: `Unknown field "${key}"` };
      stack.push({ value: (value as Record<string, unknown>)[key], path: child, depth: depth + 1 }); // reversed: first key first
    }
  }
  return undefined;
}

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds a lone surrogate)';
  return undefined;
}
