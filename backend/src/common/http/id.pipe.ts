import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { isUUID } from 'class-validator';

/** Validates a route id (UUID); a malformed one answers 400 naming it. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUUID(value)) throw new BadRequestException(`"${value.slice(0, 60)}" is not a valid id`);
    return value;
  }
}
