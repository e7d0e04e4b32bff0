import { Transform } from 'class-transformer';
import { IsoDateString } from '../../common/http/iso-date';
import { OptionalPageDto } from '../../common/http/pagination.dto';
import { Sortable } from '../../common/http/sort';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ReasonField } from '../../incoming/dto/reason';
import { TRANSACTION_KINDS, type TransactionKind } from '../transaction-kind';

const blankToUndefined = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);
const text = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' || v === null ? undefined : v;
};
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' && value ? value.toLowerCase() : blankToUndefined({ value }));
const dateMessage = 'must be a date (YYYY-MM-DD or ISO 8601)';
/** One kind or several (a string, a comma-separated string or an array), lower-cased; blank means all. */
const kinds = ({ value }: { value: unknown }) => {
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list)) return blankToUndefined({ value });
  const out = list.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)).filter((v) => v !== '' && v !== null);
  return out.length ? out : undefined;
};

/**
 * Sort fields of the transaction lists: the ledger's date, type, GRN and GIN, and the
 * names of the row's product, category and warehouse.
 */
export const TRANSACTION_SORT_FIELDS = ['transaction_date', 'transaction_type', 'grn', 'gin', 'product', 'category', 'warehouse'] as const;
export type TransactionSortField = (typeof TRANSACTION_SORT_FIELDS)[number];

/** `page`/`limit` plus the body's `sort`/`order` of the transaction lists. */
export class SortedTransactionPageDto extends Sortable(TRANSACTION_SORT_FIELDS, OptionalPageDto) {}

/**
 * POST /api/transactions/search body: every filter is optional and they
 * combine with AND. Dates are UTC days; `dateRange` is inclusive of both days. `sort`/`order`
 *: without `sort`, newest first.
 */
export class TransactionSearchDto extends SortedTransactionPageDto {
  /** Only this warehouse; users tied to a warehouse may only ask for theirs (403). */
  @IsOptional()
  @Transform(blankToUndefined)
  @IsUUID('all', { message: 'warehouseId must be a valid id' })
  warehouseId?: string;

  /** Only products of this category. */
  @IsOptional()
  @Transform(blankToUndefined)
  @IsUUID('all', { message: 'categoryId must be a valid id' })
  categoryId?: string;

  /** 'incoming' or 'outgoing' (case-insensitive). */
  @IsOptional()
  @Transform(lower)
  @IsIn(['incoming', 'outgoing'], { message: 'transactionType must be incoming or outgoing' })
  transactionType?: 'incoming' | 'outgoing';

  /**
   * Only rows of these kinds: one or several of receipt, issue, list_receipt,
   * delivery, customer_return, reversal, adjustment (a string, a comma-separated string or an array).
   */
  @IsOptional()
  @Transform(kinds)
  @IsArray({ message: `kind must be one or several of ${TRANSACTION_KINDS.join(', ')}` })
  @ArrayMaxSize(TRANSACTION_KINDS.length * 2, { message: 'kind lists too many values' })
  @IsIn(TRANSACTION_KINDS, { each: true, message: `kind must be one or several of ${TRANSACTION_KINDS.join(', ')}` })
  kind?: TransactionKind[];

  /** One day. */
  @IsOptional()
  @Transform(blankToUndefined)
  @IsoDateString({ message: `specificDate ${dateMessage}` })
  specificDate?: string;

  /** `[start, end]`, both days included. */
  @IsOptional()
  @Transform(blankToUndefined)
  @IsArray({ message: 'dateRange must be [start, end]' })
  @ArrayMinSize(2, { message: 'dateRange must be [start, end]' })
  @ArrayMaxSize(2, { message: 'dateRange must be [start, end]' })
  @IsoDateString({ each: true, message: `dateRange ${dateMessage}` })
  dateRange?: [string, string];

  /** Part of the GRN. */
  @IsOptional()
  @Transform(text)
  @IsString()
  @MaxLength(100)
  grnSearchQuery?: string;

  /** Part of the GIN. */
  @IsOptional()
  @Transform(text)
  @IsString()
  @MaxLength(100)
  ginSearchQuery?: string;

  /** Part of the customer's name or phone number. */
  @IsOptional()
  @Transform(text)
  @IsString()
  @MaxLength(200)
  customerSearchQuery?: string;

  /** Part of the product's name or code. */
  @IsOptional()
  @Transform(text)
  @IsString()
  @MaxLength(200)
  productSearchQuery?: string;
}

/** POST /api/transactions/daily body: the movements of one UTC day. */
export class DailyTransactionsDto extends SortedTransactionPageDto {
  @IsoDateString({ message: `date ${dateMessage}` })
  date: string;
}

/** POST /api/transactions/range body: the movements between two UTC days, both included. */
export class RangeTransactionsDto extends SortedTransactionPageDto {
  @IsoDateString({ message: `startDate ${dateMessage}` })
  startDate: string;

  @IsoDateString({ message: `endDate ${dateMessage}` })
  endDate: string;
}

/** One ledger row as the API returns it (Transaction). */
export interface TransactionView {
  _id: string;
  transaction_type: 'incoming' | 'outgoing';
  inventory_id: string;
  product: { _id: string; name: string; code: string; category: { _id: string; name: string } };
  warehouse: { _id: string; name: string };
  user: { _id: string; first_name: string; last_name: string };
  customer: { _id: string; name: string; phone_no: string[] } | null;
  grn: string | null;
  gin: string | null;
  /** The transfer's TRN on its dispatch and receipt rows; null otherwise. */
  trn: string | null;
  taken_by: string | null;
  remarks: string | null;
  /** The moved quantity per unit; [] when `quantities_hidden`. */
  quantity: { name: string; value: number }[];
  /**
   * True while the record is on a blind stock count the reading user counts (a warehouseAdmin of
   * the count's warehouse, until the count is submitted), as on Inventory: `quantity` is then [].
   */
  quantities_hidden: boolean;
  transaction_date: string;
  source: string;
  source_id: string | null;
  /** What the row is: receipt, issue, list_receipt, delivery, customer_return (goods a customer sent back: an incoming row of an outgoing list), reversal or adjustment (an approved stock adjustment; its remarks carry the reason). */
  kind: TransactionKind;
  /** On a reversal: the movement it reverses. */
  reverses: { _id: string } | null;
  /** On a reversed movement: its reversal. */
  reversed_by: { _id: string } | null;
}

/** POST /api/transactions/reverse body. */
export class ReverseTransactionDto {
  /** The direct receipt or direct issue to reverse. */
  @IsUUID('all', { message: 'transaction_id must be a valid id' })
  transaction_id: string;

  /** The reason, a string or `{content}` (1 to 2000 characters), stored on the reversal row. */
  @ReasonField()
  remark: string;
}

/** `data` of POST /api/transactions/reverse: the new reversal row and the original, as the lists show them. */
export interface ReversedTransaction {
  reversal: TransactionView;
  original: TransactionView;
}

/** `data` of the transaction list routes. */
export interface TransactionPage {
  transactionsList: TransactionView[];
  /** How many rows match: exact up to the cap (1,000 with a GRN, GIN, customer or product search, else 10,000); the cap when more do. */
  total_count: number;
  /** True when more rows match than the cap: `total_count` is then a floor. */
  total_capped: boolean;
}
