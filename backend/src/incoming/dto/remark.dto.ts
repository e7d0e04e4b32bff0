import { plainToInstance } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * A remark `{content}`. The original client also sends `remark_by` (its stored user id); it is
 * accepted and ignored: the author is always the signed-in user.
 */
export class RemarkDto {
  /** The remark text, 1 to 2000 characters. */
  @IsString()
  @IsNotEmpty({ message: 'Remark content must not be empty' })
  @MaxLength(2000)
  content: string;

  /** Ignored: the server records the signed-in user as the author. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  remark_by?: string;
}

/**
 * Turns a remark sent as a plain string into `{content}` and a plain object into a
 * {@link RemarkDto}, so `@ValidateNested` checks both forms the same way.
 */
export const toRemark = ({ value }: { value: unknown }): unknown => {
  if (typeof value === 'string') return plainToInstance(RemarkDto, { content: value.trim() });
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    return plainToInstance(RemarkDto, { ...v, content: typeof v.content === 'string' ? v.content.trim() : v.content });
  }
  return value;
};
