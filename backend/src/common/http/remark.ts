import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const REMARK_KEYS = new Set(['content', 'remark_by']);

/**
 * A remark as the original client sends it: a string or `{content, remark_by?}`. Only
 * the trimmed text is kept; `remark_by` is ignored because the author is always the signed-in
 * user. Other shapes and other keys are left as they are, so the string check rejects them.
 */
const remarkText = ({ value }: { value: unknown }): unknown => {
  if (typeof value === 'string') return value.trim();
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).every((k) => REMARK_KEYS.has(k))) {
    const content = (value as { content?: unknown }).content;
    return typeof content === 'string' ? content.trim() : value;
  }
  return value;
};

/**
 * An optional remark field: string or `{content, remark_by?}` in, trimmed text (at most 2,000
 * characters) out; an empty text means no remark. 400 "<field> must be a string or {content}".
 */
export function RemarkField(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(remarkText)(target, key);
    // registered in the order stacked decorators would be (bottom-up): the type message wins (validation.ts)
    MaxLength(2000)(target, key);
    IsString({ message: `${String(key)} must be a string or {content}` })(target, key);
  };
}
