import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { INCOMING_STATUSES } from '@inventory/common';
import { ReasonField } from './reason';
import { RemarkField } from '../../common/http/remark';
import { trim } from '../../common/http/transforms';
import { ListQuery } from '../../common/http/list-query.dto';

/** POST /api/incomingLists/create body: starts a draft list. */
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

/**
 * Body of return and cancel: the list and the reason, required (400 naming `remark`
 * when missing or blank); it is also stored as a remark of the list.
 */
export class IncomingCorrectionDto {
  @IsUUID('all', { message: 'list_id must be a valid id' })
  list_id: string;

  /** The reason, a string or `{content}` (1 to 2000 characters); its author is the signed-in user. */
  @ReasonField()
  remark: string;
}

/** Sort fields of the incoming lists: `warehouse` is the warehouse's name. */
export const INCOMING_SORT_FIELDS = ['grn', 'status', 'warehouse', 'createdAt', 'updatedAt'] as const;
export type IncomingSortField = (typeof INCOMING_SORT_FIELDS)[number];

/**
 * GET /api/incomingLists/all and /export query: paging, `search` over the GRN and the
 * creator's name, `status` (one or several), `warehouse`, `from`/`to` and `sort`/`order`.
 */
export class IncomingListQueryDto extends ListQuery(INCOMING_STATUSES, INCOMING_SORT_FIELDS, 'GRN, creator name') {}

/** `{_id, first_name, last_name}` of a user in a list view. */
export interface PersonRef {
  _id: string;
  first_name: string;
  last_name: string;
}

/** One line of an incoming list (Inventory list item). */
export interface IncomingLineView {
  _id: string;
  product: { _id: string; name: string; code: string; image_extension: string | null; quantity: string[] };
  quantity: { name: string; value: number }[];
  /** ETB per unit; absent when the line has none. */
  purchasedPrice?: number;
  /** Percent per year; absent when the line has none. */
  depreciationRate?: number;
}

/** A remark on a list: text, author and time. */
export interface RemarkView {
  content: string;
  remark_by: PersonRef;
  createdAt: string;
}

/** Who sent a list back to draft, when and why. */
export interface ReturnedView {
  by: PersonRef;
  at: string;
  reason: string;
}

/** The header of an incoming list: everything but its lines and remarks (Incoming list). */
export interface IncomingListHeader {
  _id: string;
  grn: string;
  status: string;
  warehouse: { _id: string; name: string };
  created_by: PersonRef;
  submitted_by: PersonRef | null;
  submitted_at: string | null;
  confirmed_by: PersonRef | null;
  confirmed_at: string | null;
  approved_by: PersonRef | null;
  approved_at: string | null;
  /** The last return to draft, until the list is submitted again; null otherwise. */
  returned: ReturnedView | null;
  cancelled_by: PersonRef | null;
  cancelled_at: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An incoming list with every remark (oldest first) and line, as one/:id and the workflow steps return it. */
export interface IncomingListView extends IncomingListHeader {
  remarks: RemarkView[];
  inventory_list: IncomingLineView[];
}

/** A row of GET /api/incomingLists/all: the header, the newest remark and the number of lines; no lines. */
export interface IncomingListSummary extends IncomingListHeader {
  latest_remark: RemarkView | null;
  line_count: number;
}

/** The line a product/remove took away. */
export interface RemovedLine {
  _id: string;
  removed: true;
}

/**
 * `data` of product/add, product/update and product/remove: the list's row as in
 * GET /all, and the changed line as in one/:id (for remove, its `_id` and `removed: true`).
 */
export interface IncomingLineEdit {
  list: IncomingListSummary;
  line: IncomingLineView | RemovedLine;
}
