import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { CALENDARS, DOCUMENT_LANGUAGES, ROLES, type Calendar, type DocumentLanguage, type Role } from '@inventory/common';
import { STRONG_PASSWORD, STRONG_PASSWORD_MESSAGE } from '@inventory/common';
import { PageQueryDto } from '../../common/http/pagination.dto';
import { Sortable } from '../../common/http/sort';
import { trim } from '../../common/http/transforms';

/** Strips a leading +251 or 0 so phones are kept as 9 digits (Staff). */
export const normalisePhone = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.replace(/\s+/g, '').replace(/^(\+?251|0)(?=\d{9}$)/, '') : value;

/** POST /api/users/login body. */
export class LoginDto {
  @IsEmail({}, { message: 'Please input a valid email!' })
  @MaxLength(254)
  email: string;

  @IsString()
  @IsNotEmpty({ message: 'Please input your password!' })
  @MaxLength(200)
  password: string;
}

/** Fields shared by register and update (the staff field rules). */
export class StaffFieldsDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'First Name is required' })
  @MaxLength(100)
  first_name: string;

  /** Father (last) name. */
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Father Name is required' })
  @MaxLength(100)
  last_name: string;

  /** 9 digits; a +251 prefix is accepted and stripped. */
  @Transform(normalisePhone)
  @IsString()
  @Matches(/^\d{9}$/, { message: 'Phone must be 9 digits after +251' })
  phone: string;

  @Transform(trim)
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254)
  email: string;

  @IsIn(ROLES, { message: `Role must be one of ${ROLES.join(', ')}` })
  role: Role;

  /** Warehouse id; required for warehouseAdmin. */
  @ValidateIf((o: StaffFieldsDto) => o.role === 'warehouseAdmin' || (o.warehouse !== undefined && o.warehouse !== null && o.warehouse !== ''))
  @IsUUID('all', { message: 'Warehouse is required for a warehouse admin and must be a valid warehouse id' })
  warehouse?: string | null;
}

/** POST /api/users/register body. */
export class RegisterUserDto extends StaffFieldsDto {
  @IsString()
  @IsNotEmpty({ message: 'Password is Required' })
  @MaxLength(200)
  @Matches(STRONG_PASSWORD, { message: STRONG_PASSWORD_MESSAGE })
  password: string;
}

/** PATCH /api/users/updateuser/{id} body; `id`, when sent, must match the path. */
export class UpdateUserDto extends StaffFieldsDto {
  @IsOptional()
  @IsUUID('all', { message: 'id must be a valid id' })
  id?: string;
}

/** PUT /api/users/resetpassword body. */
export class ResetPasswordDto {
  @IsUUID('all', { message: 'user_id must be a valid id' })
  user_id: string;

  @IsString()
  @MaxLength(200)
  @Matches(STRONG_PASSWORD, { message: STRONG_PASSWORD_MESSAGE })
  password: string;
}

/** PUT /api/users/me/password body: the current password and a new one that passes the password rule. */
export class ChangePasswordDto {
  @IsString({ message: 'Please input your current password' })
  @IsNotEmpty({ message: 'Please input your current password' })
  @MaxLength(200)
  current_password: string;

  @IsString({ message: STRONG_PASSWORD_MESSAGE })
  @MaxLength(200)
  @Matches(STRONG_PASSWORD, { message: STRONG_PASSWORD_MESSAGE })
  new_password: string;
}

/**
 * PUT /api/users/me/preferences body: the signed-in user's calendar for dates in the UI,
 * PDFs and exports, and the UI language applied at sign-in. Either or both; a field left out keeps its value (null is refused).
 */
export class PreferencesDto {
  @ApiProperty({ enum: CALENDARS, required: false, description: 'How dates are shown in the UI, PDFs and exports; the API keeps ISO dates' })
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(CALENDARS, { message: `calendar must be one of ${CALENDARS.join(', ')}` })
  calendar?: Calendar;

  @ApiProperty({ enum: DOCUMENT_LANGUAGES, required: false, description: 'The UI language, applied at every sign-in on any browser: en or am' })
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(DOCUMENT_LANGUAGES, { message: `language must be one of ${DOCUMENT_LANGUAGES.join(', ')}` })
  language?: DocumentLanguage;
}

/** Sort fields of the staff lists. */
export const USER_SORT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'role', 'warehouse_name', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** GET /api/users query: paging, `search` over names, phone and email, and `sort`/`order`. */
export class UserListQueryDto extends Sortable(USER_SORT_FIELDS, PageQueryDto) {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}

/** A staff member as the API returns it (User). */
export interface UserView {
  _id: string;
  first_name: string;
  last_name: string;
  role: string;
  phone: string;
  email: string;
  warehouse: string | null;
  warehouse_name: string | null;
  removed: boolean;
  /** How the user's dates are shown in the UI, PDFs and exports. */
  calendar: Calendar;
  /** The user's UI language, applied at sign-in: en or am. */
  language: DocumentLanguage;
  createdAt: string;
  updatedAt: string;
}

/** Login `data` (_id, token, role, first_name). */
export interface LoginView {
  _id: string;
  token: string;
  role: string;
  first_name: string;
  last_name: string;
  warehouse: string | null;
  /** The user's UI language (PUT /users/me/preferences), for the UI to apply at sign-in. */
  language: DocumentLanguage;
}
