import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/** One field error in the error body's `errors` list. */
export interface FieldError {
  field: string;
  message: string;
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * The global validation pipe: DTOs with class-validator, unknown fields rejected, values
 * transformed to the DTO's types. Failures answer 400 with a readable message and `errors`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const list = flatten(errors).map((e) => ({
        field: e.field,
        message: e.message.replace(/^property (\S+) should not exist$/, 'Unknown field "$1"'),
      }));
      const message = list.map((e) => e.message).join('; ') || 'Invalid input';
      return new BadRequestException({ message, errors: list });
    },
  });
}
