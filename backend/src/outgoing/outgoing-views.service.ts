import { Injectable, NotFoundException } from '@nestjs/common';
import { remarkView as latestRemarkView } from '../common/http/list-sql';
import type { CustomerReturnView, OutgoingLineView, OutgoingListHeader, OutgoingListSummary, OutgoingListView, PersonRef, RemarkView } from './dto/outgoing-view';
import type { QuantityEntry, UnitPrices } from '../database/schema';
import { priceEntries } from './unit-prices';
import { OutgoingRepository, type CustomerReturnRow, type ItemWithProduct, type ListWithRefs, type RemarkWithAuthor } from './outgoing.repository';

type Person = { id: string; firstName: string; lastName: string };
type SummaryRow = Awaited<ReturnType<OutgoingRepository['findSummaries']>>[number];
type People = Record<'creator' | 'submitter' | 'verifier' | 'approver' | 'overseer' | 'returner' | 'canceller', PersonRef | null>;

const person = (p: Person | undefined): PersonRef | null =>
  p ? { _id: p.id, first_name: p.firstName, last_name: p.lastName } : null;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `unitPrice` of the API: the price of the line's first unit, absent when it has none (clients of single-unit lines read it). */
const firstUnitPrice = (prices: UnitPrices, quantity: readonly QuantityEntry[]): { unitPrice?: number } =>
  quantity[0] && prices[quantity[0].name] != null ? { unitPrice: Number(prices[quantity[0].name]) } : {};

/** A credit note's number as printed and shown: `CN-12`. */
export const creditNoteLabel = (n: number): string => `CN-${n}`;

/** A line as one/:id shows it (Inventory list item). */
export function lineView(row: ItemWithProduct, warehouse: ListWithRefs['warehouse']): OutgoingLineView {
  const { item, product } = row;
  return {
    _id: item.id,
    product: { _id: product.id, name: product.name, code: product.code, image_extension: product.imageExtension, quantity: product.units },
    inventory: item.inventoryId,
    warehouse: { _id: warehouse.id, name: warehouse.name },
    quantity: item.quantity.map((q) => ({ name: q.name, value: Number(q.value) })),
    ...firstUnitPrice(item.unitPrices, item.quantity),
    unitPrices: priceEntries(item.unitPrices, item.quantity),
  };
}

/** A customer return as one/:id shows it. */
export function customerReturnView(r: CustomerReturnRow): CustomerReturnView {
  return {
    _id: r.id,
    credit_note: creditNoteLabel(r.creditNoteNumber),
    returned_by: person(r.returner)!,
    returned_at: r.returnedAt.toISOString(),
    reason: r.reason,
    lines: r.lines.map((l) => ({
      line_id: l.lineId,
      product: { _id: l.product.id, name: l.product.name, code: l.product.code },
      quantity: l.quantity.map((q) => ({ name: q.name, value: Number(q.value) })),
      ...firstUnitPrice(l.unitPrices, l.lineQuantity),
      unitPrices: priceEntries(l.unitPrices, l.quantity),
    })),
  };
}

function remarkView(r: RemarkWithAuthor): RemarkView {
  return { content: r.content, remark_by: person(r.author)!, createdAt: r.createdAt.toISOString() };
}

/** The header fields of a list (Outgoing list). */
function toHeader({ list: l, customer: c, warehouse }: ListWithRefs, people: People): OutgoingListHeader {
  return {
    _id: l.id,
    gin: l.gin,
    status: l.status,
    customer: { _id: c.id, name: c.name, email: c.email, phone_no: c.phoneNo, company: c.company, address: c.address, tin: c.tin },
    warehouse: { _id: warehouse.id, name: warehouse.name },
    fs_number: l.fsNumber,
    created_by: people.creator,
    submitted_by: people.submitter,
    verified_by: people.verifier,
    approved_by: people.approver,
    outgoing_delivery_overseen_by: people.overseer,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    submittedAt: iso(l.submittedAt),
    verifiedAt: iso(l.verifiedAt),
    approvedAt: iso(l.approvedAt),
    outgoing_delivered_on: iso(l.deliveredOn),
    // the last return until the list is submitted again (submission clears it)
    returned: l.returnedAt && people.returner ? { by: people.returner, at: l.returnedAt.toISOString(), reason: l.returnReason ?? '' } : null,
    cancelled_by: people.canceller,
    cancelledAt: iso(l.cancelledAt),
  };
}

/** A row of the list page: header, newest remark, line count and priced total. */
export function toSummary(row: SummaryRow): OutgoingListSummary {
  const { creator, submitter, verifier, approver, overseer, returner, canceller } = row;
  return {
    ...toHeader(row, { creator, submitter, verifier, approver, overseer, returner, canceller }),
    latest_remark: latestRemarkView(row.latestRemark),
    line_count: Number(row.lineCount),
    total_price: row.totalPrice,
  };
}

/**
 * Builds the full API view of one outgoing list: customer, warehouse, people of each
 * step, every remark and every line.
 */
@Injectable()
export class OutgoingViews {
  constructor(private readonly repo: OutgoingRepository) {}

  /** One list; 404 when unknown. */
  async one(id: string): Promise<OutgoingListView> {
    const row = await this.repo.findWithRefs(id);
    if (!row) throw new NotFoundException('Outgoing list not found');
    const { list: l } = row;
    const [items, remarks, returns, users] = await Promise.all([
      this.repo.itemsOf([id]),
      this.repo.remarksOf([id]),
      this.repo.customerReturnsOf(id),
      this.repo.usersByIds([l.createdBy, l.submittedBy, l.verifiedBy, l.approvedBy, l.deliveryOverseenBy, l.returnedBy, l.cancelledBy].filter((u): u is string => !!u)),
    ]);
    const people = new Map(users.map((u) => [u.id, u]));
    const who = (userId: string | null) => person(userId ? people.get(userId) : undefined);
    return {
      ...toHeader(row, {
        creator: who(l.createdBy),
        submitter: who(l.submittedBy),
        verifier: who(l.verifiedBy),
        approver: who(l.approvedBy),
        overseer: who(l.deliveryOverseenBy),
        returner: who(l.returnedBy),
        canceller: who(l.cancelledBy),
      }),
      remarks: remarks.map(remarkView),
      inventory_list: items.map((i) => lineView(i, row.warehouse)),
      customer_returns: returns.map(customerReturnView),
    };
  }

  /** The row of one list as GET /all shows it (the answer of a line edit). */
  async summary(id: string): Promise<OutgoingListSummary> {
    const [row] = await this.repo.findSummaries({ id });
    if (!row) throw new NotFoundException('Outgoing list not found');
    return toSummary(row);
  }
}
