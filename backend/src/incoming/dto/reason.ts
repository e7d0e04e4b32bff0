import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const REMARK_KEYS = new Set(['content', 'remark_by']);

/** A remark as the steps take it (a string or `{content, remark_by?}`), trimmed; other shapes stay for the checks to refuse. */
const reasonText = ({ value }: { value: unknown }): unknown => {
  if (typeof value === 'string') return value.trim();
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).every((k) => REMARK_KEYS.has(k))) {
    const content = (value as { content?: unknown }).content;
    return typeof content === 'string' ? content.trim() : value;
  }
  return value;
};

/**
 * The required `remark` of a return or cancel: the same shapes as a step's remark
 * (string or `{content}`, trimmed, at most 2,000 characters), but missing or blank answers 400
 * "remark is required: give the reason".
 */
export function ReasonField(): PropertyDecorator {
  return (target, key) => {
    // registered in the order stacked decorators would be (bottom-up): see common/http/validation.ts
    Transform(reasonText)(target, key);
    MaxLength(2000)(target, key);
    IsString({ message: `${String(key)} must be a string or {content}` })(target, key);
    IsNotEmpty({ message: `${String(key)} is required: give the reason` })(target, key);
  };
}
