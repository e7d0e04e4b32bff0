import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { INCOMING_STATUSES, type IncomingStatus } from '../incoming-flow';
import { RemarkField } from '../../common/http/remark';
import { Sortable } from '../../common/http/sort';
import { trim } from '../../common/http/transforms';

/** POST /api/incomingLists/create body (spec 7): starts a draft list. */
export class CreateIncomingListDto {
  /** The receiving warehouse; a warehouseAdmin may only name its own. */
  @IsUUID('all', { message: 'warehouse must be a valid id' })
  warehouse: string;

  /** Goods received note reference (Ref./GRN/), unique over all lists (409). */
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing GRN' })
  @MaxLength(100)
  grn: string;

  /** The first remark, `{content}` or a plain string. */
  @RemarkField()
  remarks?: string;
}

/** Body of each workflow step (submit, confirm, approve): the list and an optional remark. */
export class IncomingStepDto {
  @IsUUID('all', { message: 'list_id must be a valid id' })
  list_id: string;

  /** `remark` as a string or `{content}`; its author is the signed-in user. */
  @RemarkField()
  remark?: string;
}

/** Sort fields of the incoming lists (issue 13): `warehouse` is the warehouse's name. */
export const INCOMING_SORT_FIELDS = ['grn', 'status', 'warehouse', 'createdAt', 'updatedAt'] as const;
export type IncomingSortField = (typeof INCOMING_SORT_FIELDS)[number];

/** `?status=&warehouse=` filters and `sort`/`order` (issue 13) of GET /api/incomingLists/all. */
export class IncomingListQueryDto extends Sortable(INCOMING_SORT_FIELDS) {
  @IsOptional()
  @IsIn(INCOMING_STATUSES, { message: `status must be one of ${INCOMING_STATUSES.join(', ')}` })
  status?: IncomingStatus;

  /** Only this warehouse (users tied to a warehouse always get their own). */
  @IsOptional()
  @IsUUID('all', { message: 'warehouse must be a valid id' })
  warehouse?: string;
}

/** `{_id, first_name, last_name}` of a user in a list view. */
export interface PersonRef {
  _id: string;
  first_name: string;
  last_name: string;
}

/** One line of an incoming list (spec 3, Inventory list item). */
export interface IncomingLineView {
  _id: string;
  product: { _id: string; name: string; code: string; image_extension: string | null; quantity: string[] };
  quantity: { name: string; value: number }[];
  /** ETB per unit; absent when the line has none. */
  purchasedPrice?: number;
  /** Percent per year; absent when the line has none (issue 12, point 18). */
  depreciationRate?: number;
}

/** An incoming list as the API returns it (spec 3, Incoming list; issue 5). */
export interface IncomingListView {
  _id: string;
  grn: string;
  status: string;
  warehouse: { _id: string; name: string };
  created_by: PersonRef;
  remarks: { content: string; remark_by: PersonRef; createdAt: string }[];
  inventory_list: IncomingLineView[];
  submitted_by: PersonRef | null;
  submitted_at: string | null;
  confirmed_by: PersonRef | null;
  confirmed_at: string | null;
  approved_by: PersonRef | null;
  approved_at: string | null;
  createdAt: string;
  updatedAt: string;
}
