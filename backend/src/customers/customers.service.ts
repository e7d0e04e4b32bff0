import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { offsetPages } from '../common/export/export-stream';
import { listCount } from '../common/http/envelope';
import { pageWindow } from '../common/http/pagination.dto';
import type { CreateCustomerDto, CustomerListQueryDto, CustomerPage, CustomerView, UpdateCustomerDto } from './dto/customer.dto';
import { CustomersRepository, type CustomerRow } from './customers.repository';

/** Maps a customer row to its API view. */
export function toCustomerView(c: CustomerRow): CustomerView {
  return {
    _id: c.id,
    name: c.name,
    company: c.company,
    address: c.address,
    phone_no: c.phoneNo,
    email: c.email,
    code: c.externalCode,
    tin: c.tin,
    incomplete: c.phoneNo.length === 0 || !c.email,
    removed: c.removed,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/**
 * Customer rules: register, update, search, soft removal. Every change
 * writes one audit event in its own transaction; a refused one writes none.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly audit: AuditService,
  ) {}

  async list(q: CustomerListQueryDto, removed: boolean): Promise<CustomerPage> {
    const page = await this.customers.list({ removed, search: q.search?.trim() || undefined, ...pageWindow(q), sort: q.sort, order: q.order });
    return { customers: page.rows.map(toCustomerView), ...listCount(page) };
  }

  /** Every active customer of {@link list} for the same filters and sort, a page at a time (issue 13 export). */
  pages(q: CustomerListQueryDto): AsyncGenerator<CustomerView[]> {
    return offsetPages(async (w) => (await this.list({ ...q, ...w }, false)).customers);
  }

  async get(id: string): Promise<CustomerView> {
    return toCustomerView(await this.require(id));
  }

  /** Registers a customer with its `create` audit event. */
  async create(dto: CreateCustomerDto): Promise<CustomerView> {
    return this.customers.transaction(async (tx) => {
      const view = toCustomerView(await this.customers.insert(this.values(dto), tx));
      await this.audit.record(tx, { action: 'create', entity: 'customer', entityId: view._id, before: null, after: view });
      return view;
    });
  }

  /** Replaces a customer's details; the `update` audit event holds the fields that differ. */
  async update(id: string, dto: UpdateCustomerDto): Promise<CustomerView> {
    if (dto.id && dto.id !== id) throw new BadRequestException('The id in the body does not match the path');
    await this.require(id);
    return this.customers.transaction(async (tx) => {
      const before = toCustomerView((await this.customers.lockById(tx, id))!);
      const after = toCustomerView((await this.customers.update(id, this.values(dto), tx))!);
      await this.audit.record(tx, { action: 'update', entity: 'customer', entityId: id, before, after });
      return after;
    });
  }

  /** Removes or activates a customer (409 when already so), with its `remove`/`activate` audit event. */
  async setRemoved(id: string, removed: boolean): Promise<CustomerView> {
    const c = await this.require(id);
    if (c.removed === removed) {
      throw new ConflictException(removed ? 'This customer is already removed' : 'This customer is already active');
    }
    return this.customers.transaction(async (tx) => {
      if ((await this.customers.lockById(tx, id))!.removed === removed) {
        throw new ConflictException(removed ? 'This customer is already removed' : 'This customer is already active');
      }
      const row = (await this.customers.update(id, { removed }, tx))!;
      await this.audit.record(tx, { action: removed ? 'remove' : 'activate', entity: 'customer', entityId: id, changes: [{ field: 'removed', before: !removed, after: removed }] });
      return toCustomerView(row);
    });
  }

  private values(dto: CreateCustomerDto) {
    return { name: dto.name, company: dto.company, address: dto.address || null, phoneNo: dto.phone_no, email: dto.email, tin: dto.tin ?? null };
  }

  private async require(id: string): Promise<CustomerRow> {
    const c = await this.customers.findById(id);
    if (!c) throw new NotFoundException('Customer not found');
    return c;
  }
}
