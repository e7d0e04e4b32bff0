import type { IncomingLineView, IncomingListHeader, ReturnedView, IncomingListSummary, IncomingListView, PersonRef } from './dto/incoming-list.dto';
import type { IncomingListJoined, IncomingListRow, IncomingRepository } from './incoming.repository';
import { remarkView } from '../common/http/list-sql';

type Person = { id: string | null; firstName: string | null; lastName: string | null } | null;
type RemarkRow = Awaited<ReturnType<IncomingRepository['findRemarks']>>[number];
type LineRow = Awaited<ReturnType<IncomingRepository['findLines']>>[number];
type SummaryRow = Awaited<ReturnType<IncomingRepository['findSummaries']>>[number];
type People = Record<'creator' | 'submitter' | 'confirmer' | 'approver' | 'returner' | 'canceller', PersonRef | null>;

function personRef(p: Person): PersonRef | null {
  return p?.id ? { _id: p.id, first_name: p.firstName ?? '', last_name: p.lastName ?? '' } : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Maps a line row with its product to the API's inventory_list entry. */
export function toLineView({ line, product }: LineRow): IncomingLineView {
  return {
    _id: line.id,
    product: { _id: product.id, name: product.name, code: product.code, image_extension: product.imageExtension, quantity: product.units },
    quantity: line.quantity.map((q) => ({ name: q.name, value: Number(q.value) })),
    ...(line.purchasedPrice != null ? { purchasedPrice: Number(line.purchasedPrice) } : {}),
    ...(line.depreciationRate != null ? { depreciationRate: Number(line.depreciationRate) } : {}),
  };
}

/** The last return of a list, or null when it has none (never returned, or submitted since). */
function returnedView(list: IncomingListRow, by: PersonRef | null): ReturnedView | null {
  return list.returnedAt && by ? { by, at: list.returnedAt.toISOString(), reason: list.returnReason ?? '' } : null;
}

/** The header fields of a list (Incoming list). */
function toHeader(list: IncomingListRow, warehouse: { id: string; name: string }, people: People): IncomingListHeader {
  return {
    _id: list.id,
    grn: list.grn,
    status: list.status,
    warehouse: { _id: warehouse.id, name: warehouse.name },
    created_by: people.creator!,
    submitted_by: people.submitter,
    submitted_at: iso(list.submittedAt),
    confirmed_by: people.confirmer,
    confirmed_at: iso(list.confirmedAt),
    approved_by: people.approver,
    approved_at: iso(list.approvedAt),
    returned: returnedView(list, people.returner),
    cancelled_by: people.canceller,
    cancelled_at: iso(list.cancelledAt),
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}

/** Assembles full list views from the joined rows, their remarks and their lines (Incoming list). */
export function toListViews(rows: IncomingListJoined[], remarks: RemarkRow[], lines: LineRow[]): IncomingListView[] {
  return rows.map(({ list, warehouse, creator, submitter, confirmer, approver, returner, canceller }) => ({
    ...toHeader(list, warehouse, {
      creator: personRef(creator),
      submitter: personRef(submitter),
      confirmer: personRef(confirmer),
      approver: personRef(approver),
      returner: personRef(returner),
      canceller: personRef(canceller),
    }),
    remarks: remarks
      .filter((r) => r.listId === list.id)
      .map((r) => ({ content: r.content, remark_by: personRef(r.by)!, createdAt: r.createdAt.toISOString() })),
    inventory_list: lines.filter((l) => l.line.listId === list.id).map(toLineView),
  }));
}

/** A row of the list page: header, newest remark and line count. */
export function toSummary({ list, warehouse, creator, submitter, confirmer, approver, returner, canceller, latestRemark, lineCount }: SummaryRow): IncomingListSummary {
  return {
    ...toHeader(list, warehouse, { creator, submitter, confirmer, approver, returner, canceller }),
    latest_remark: remarkView(latestRemark),
    line_count: Number(lineCount),
  };
}
