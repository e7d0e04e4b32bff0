import { BadRequestException, ValidationError, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { findUnsafeInput } from './safe-input';

/** One field error in the error body's `errors` list. */
export interface FieldError {
  field: string;
  message: string;
}

/** Constraints that say a value is missing: their message is the one for an absent or blank value. */
const PRESENCE = ['isDefined', 'isNotEmpty', 'arrayNotEmpty'];

const isMissing = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The one message of a field: the first rule the DTO lists (top-down) that
 * the value breaks; for a missing or blank value, the first such "required" rule (isNotEmpty,
 * arrayNotEmpty...) when the DTO has one. Decorators run bottom-up, so class-validator records a
 * property's failures in reverse order of the source: the last one recorded is the topmost.
 */
function oneMessage(e: ValidationError): string | undefined {
  const failed = Object.entries(e.constraints ?? {}).reverse();
  const presence = isMissing(e.value) ? failed.find(([name]) => PRESENCE.includes(name)) : undefined;
  return (presence ?? failed[0])?.[1];
}

/** One error per field (see {@link oneMessage}), children as dotted paths (`quantity.0.value`). */
function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const message = oneMessage(e);
    return [...(message ? [{ field, message }] : []), ...flatten(e.children ?? [], field)];
  });
}

/**
 * The global validation pipe: DTOs with class-validator, unknown fields rejected, values
 * transformed to the DTO's types (no implicit conversion: a DTO converts a field only through its
 * own `@Transform`). Before that, any input (body, query, params) holding what no field may
 * (safe-input.ts) is refused. Failures answer 400 with one readable message per field and `errors`.
 */
class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const unsafe = findUnsafeInput(value, metadata.data ?? '');
      if (unsafe) throw new BadRequestException({ message: unsafe.message, errors: [unsafe] });
    }
    return super.transform(value, metadata);
  }
}

/** The pipe of every app (main.ts and the API tests, through configureApp). */
export function createValidationPipe(): ValidationPipe {
  return new InputValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const list = flatten(errors).map((e) => ({
        field: e.field,
        message: e.message.replace(/^property (\S+) should not exist$/, 'Unknown field "$1"'),
      }));
      const message = [...new Set(list.map((e) => e.message))].join('; ') || 'Invalid input';
      return new BadRequestException({ message, errors: list });
    },
  });
}
