import { Injectable, NotFoundException } from '@nestjs/common';
import type { SortQuery } from '../common/http/sort';
import type { OutgoingSortField } from './dto/outgoing.dto';
import type { OutgoingLineView, OutgoingListView, PersonRef, RemarkView } from './dto/outgoing-view';
import { OutgoingRepository, type ItemWithProduct, type ListWithRefs, type RemarkWithAuthor } from './outgoing.repository';

type Person = { id: string; firstName: string; lastName: string };

const person = (p: Person | undefined): PersonRef | null =>
  p ? { _id: p.id, first_name: p.firstName, last_name: p.lastName } : null;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function lineView(row: ItemWithProduct, warehouse: ListWithRefs['warehouse']): OutgoingLineView {
  const { item, product } = row;
  return {
    _id: item.id,
    product: { _id: product.id, name: product.name, code: product.code, image_extension: product.imageExtension, quantity: product.units },
    inventory: item.inventoryId,
    warehouse: { _id: warehouse.id, name: warehouse.name },
    quantity: item.quantity.map((q) => ({ name: q.name, value: Number(q.value) })),
    ...(item.unitPrice != null ? { unitPrice: Number(item.unitPrice) } : {}),
  };
}

/** Rows grouped by a key, keeping their order. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function remarkView(r: RemarkWithAuthor): RemarkView {
  return { content: r.content, remark_by: person(r.author)!, createdAt: r.createdAt.toISOString() };
}

/**
 * Builds the API view of outgoing lists (spec 3): customer, warehouse, people of each step,
 * remarks and lines, loading each kind of related record in one query for all lists.
 */
@Injectable()
export class OutgoingViews {
  constructor(private readonly repo: OutgoingRepository) {}

  /** Lists matching the filter, newest first; with `window`, only that slice of them (issue 13 export). */
  async list(filter: { status?: string; warehouseId?: string; sort?: SortQuery<OutgoingSortField> }, window?: { limit: number; offset: number }): Promise<OutgoingListView[]> {
    return this.build(await this.repo.listWithRefs(filter, window));
  }

  /** One list; 404 when unknown. */
  async one(id: string): Promise<OutgoingListView> {
    const [view] = await this.build(await this.repo.listWithRefs({ id }));
    if (!view) throw new NotFoundException('Outgoing list not found');
    return view;
  }

  private async build(rows: ListWithRefs[]): Promise<OutgoingListView[]> {
    const ids = rows.map((r) => r.list.id);
    const [items, remarks] = await Promise.all([this.repo.itemsOf(ids), this.repo.remarksOf(ids)]);
    const people = new Map((await this.repo.usersByIds(this.peopleIds(rows))).map((u) => [u.id, u]));
    const linesOf = groupBy(items, (i) => i.item.listId);
    const remarksOf = groupBy(remarks, (m) => m.listId);
    return rows.map((r) => this.assemble(r, linesOf.get(r.list.id) ?? [], remarksOf.get(r.list.id) ?? [], people));
  }

  private peopleIds(rows: ListWithRefs[]): string[] {
    const ids = rows.flatMap(({ list: l }) => [l.createdBy, l.verifiedBy, l.approvedBy, l.deliveryOverseenBy]);
    return [...new Set(ids.filter((id): id is string => !!id))];
  }

  private assemble(r: ListWithRefs, items: ItemWithProduct[], remarks: RemarkWithAuthor[], people: Map<string, Person>): OutgoingListView {
    const { list: l, customer: c } = r;
    const who = (id: string | null) => person(id ? people.get(id) : undefined);
    return {
      _id: l.id,
      gin: l.gin,
      status: l.status,
      customer: { _id: c.id, name: c.name, email: c.email, phone_no: c.phoneNo, company: c.company, address: c.address },
      warehouse: { _id: r.warehouse.id, name: r.warehouse.name },
      fs_number: l.fsNumber,
      remarks: remarks.map(remarkView),
      created_by: who(l.createdBy),
      verified_by: who(l.verifiedBy),
      approved_by: who(l.approvedBy),
      outgoing_delivery_overseen_by: who(l.deliveryOverseenBy),
      createdAt: l.createdAt.toISOString(),
      updatedAt: l.updatedAt.toISOString(),
      submittedAt: iso(l.submittedAt),
      verifiedAt: iso(l.verifiedAt),
      approvedAt: iso(l.approvedAt),
      outgoing_delivered_on: iso(l.deliveredOn),
      inventory_list: items.map((i) => lineView(i, r.warehouse)),
    };
  }
}
