import { ETHIOPIAN_TIN, ETHIOPIAN_TIN_MESSAGE, localPhone } from '@inventory/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
} from 'class-validator';
import type { ListCount } from '../../common/http/envelope';
import { PageQueryDto } from '../../common/http/pagination.dto';
import { Sortable } from '../../common/http/sort';
import { trim } from '../../common/http/transforms';

/** One phone as 9 digits: spaces removed, a leading +251, 251 or 0 stripped; whole numbers become strings. */
const normalisePhone = (v: unknown): unknown => {
  const s = typeof v === 'number' && Number.isInteger(v) ? String(v) : v;
  return typeof s === 'string' ? localPhone(s) : s;
};

/** POST /api/customers/create body (the customer field rules, enforced here). */
export class CreateCustomerDto {
  /** Full name. */
  @Transform(trim)
  @IsString({ message: 'Full Name is required' })
  @IsNotEmpty({ message: 'Full Name is required' })
  @MaxLength(200)
  name: string;

  @Transform(trim)
  @IsString({ message: 'Company is required' })
  @IsNotEmpty({ message: 'Company is required' })
  @MaxLength(200)
  company: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  address?: string | null;

  /** Phone numbers, each 9 digits kept without the +251 prefix; at least one. */
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map(normalisePhone) : value))
  @IsArray({ message: 'Phone No is required' })
  @ArrayNotEmpty({ message: 'Phone No is required' })
  @ArrayMaxSize(5)
  @ArrayUnique({ message: 'Phone numbers must not repeat' })
  @IsString({ each: true, message: 'Phone numbers must be 9 digits after +251' })
  @Matches(/^\d{9}$/, { each: true, message: 'Phone numbers must be 9 digits after +251' })
  phone_no: string[];

  @Transform(trim)
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254)
  email: string;

  /** Ethiopian TIN, exactly 10 digits, printed on the invoice; null, absent or '' for none. */
  @ApiPropertyOptional({ type: String, nullable: true, pattern: ETHIOPIAN_TIN.source, example: '0012345678', description: 'Ethiopian TIN: 10 digits (issue 18)' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsOptional()
  @IsString({ message: `tin ${ETHIOPIAN_TIN_MESSAGE}` })
  @Matches(ETHIOPIAN_TIN, { message: `tin ${ETHIOPIAN_TIN_MESSAGE}` })
  tin?: string | null;
}

/** PATCH /api/customers/{id} body: the whole customer; `id`, when sent, must match the path. */
export class UpdateCustomerDto extends CreateCustomerDto {
  @IsOptional()
  @IsUUID('all', { message: 'id must be a valid id' })
  id?: string;
}

/** Sort fields of the customer lists. */
export const CUSTOMER_SORT_FIELDS = ['name', 'company', 'email', 'address', 'createdAt', 'updatedAt'] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

/** GET /api/customers/all query: paging, `search` over name, email, phone and company, and `sort`/`order`. */
export class CustomerListQueryDto extends Sortable(CUSTOMER_SORT_FIELDS, PageQueryDto) {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}

/** A customer as the API returns it. */
export interface CustomerView {
  _id: string;
  name: string;
  company: string;
  address: string | null;
  phone_no: string[];
  email: string;
  /** The company's own customer code (issue 16 imports), null when none. */
  code: string | null;
  /** Ethiopian TIN (10 digits), null when none. */
  tin: string | null;
  /** True for an imported customer without phone or email: the form asks for them. */
  incomplete: boolean;
  removed: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Customer lists: `data = {customers, total_count, total_capped}`. */
export interface CustomerPage extends ListCount {
  customers: CustomerView[];
}
