import { BadRequestException } from '@nestjs/common';

/** 400 naming one field, in the validation pipe's shape: `{message, errors: [{field, message}]}`. */
export const fieldError = (field: string, message: string) => new BadRequestException({ message, errors: [{ field, message }] });
