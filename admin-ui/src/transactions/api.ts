import { apiCall } from '../providers/httpClient';

/** One ledger row (docs/api.md, Transactions; spec 3 Transaction). */
export interface Transaction {
  _id: string;
  transaction_type: 'incoming' | 'outgoing';
  product: { _id: string; name: string; code: string; category: { _id: string; name: string } };
  warehouse: { _id: string; name: string };
  user: { _id: string; first_name: string; last_name: string };
  customer: { _id: string; name: string; phone_no: string[] } | null;
  grn: string | null;
  gin: string | null;
  taken_by: string | null;
  quantity: { name: string; value: number }[];
  transaction_date: string;
}

/** `data` of POST /api/transactions/search. */
export interface TransactionPage {
  transactionsList: Transaction[];
  total_count: number;
}

/** Every filter of the Transaction Range screen ('' = not set; dates are YYYY-MM-DD). */
export interface TransactionFilterValues {
  warehouseId: string;
  categoryId: string;
  transactionType: '' | 'incoming' | 'outgoing';
  specificDate: string;
  startDate: string;
  endDate: string;
  grnSearchQuery: string;
  ginSearchQuery: string;
  customerSearchQuery: string;
  productSearchQuery: string;
}

/** The search body: blank filters left out, the date range only when both days are set. */
export function searchBody(f: TransactionFilterValues): Record<string, unknown> {
  const { startDate, endDate, ...rest } = f;
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
  if (startDate && endDate) body.dateRange = [startDate, endDate];
  return body;
}

/** POST /api/transactions/search?page&limit (page 1-based); rejects with the server's message. */
export async function searchTransactions(f: TransactionFilterValues, page: number, limit: number): Promise<TransactionPage> {
  return (await apiCall<TransactionPage>('POST', `/transactions/search?page=${page}&limit=${limit}`, searchBody(f))).data;
}
