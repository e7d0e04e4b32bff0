import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { offsetPages } from '../common/export/export-stream';
import { pageWindow } from '../common/http/pagination.dto';
import type { CreateCustomerDto, CustomerListQueryDto, CustomerPage, CustomerView, UpdateCustomerDto } from './dto/customer.dto';
import { CustomersRepository, type CustomerRow } from './customers.repository';

/** Maps a customer row to its API view (spec 3 Customer). */
export function toCustomerView(c: CustomerRow): CustomerView {
  return {
    _id: c.id,
    name: c.name,
    company: c.company,
    address: c.address,
    phone_no: c.phoneNo,
    email: c.email,
    removed: c.removed,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Customer rules (spec 5 Customer, issue 3): register, update, search, soft removal. */
@Injectable()
export class CustomersService {
  constructor(private readonly customers: CustomersRepository) {}

  async list(q: CustomerListQueryDto, removed: boolean): Promise<CustomerPage> {
    const page = await this.customers.list({ removed, search: q.search?.trim() || undefined, ...pageWindow(q), sort: q.sort, order: q.order });
    return { customers: page.rows.map(toCustomerView), total_count: page.total };
  }

  /** Every active customer of {@link list} for the same filters and sort, a page at a time (issue 13 export). */
  pages(q: CustomerListQueryDto): AsyncGenerator<CustomerView[]> {
    return offsetPages(async (w) => (await this.list({ ...q, ...w }, false)).customers);
  }

  async get(id: string): Promise<CustomerView> {
    return toCustomerView(await this.require(id));
  }

  async create(dto: CreateCustomerDto): Promise<CustomerView> {
    return toCustomerView(await this.customers.insert(this.values(dto)));
  }

  async update(id: string, dto: UpdateCustomerDto): Promise<CustomerView> {
    if (dto.id && dto.id !== id) throw new BadRequestException('The id in the body does not match the path');
    await this.require(id);
    return toCustomerView((await this.customers.update(id, this.values(dto)))!);
  }

  async setRemoved(id: string, removed: boolean): Promise<CustomerView> {
    const c = await this.require(id);
    if (c.removed === removed) {
      throw new ConflictException(removed ? 'This customer is already removed' : 'This customer is already active');
    }
    return toCustomerView((await this.customers.update(id, { removed }))!);
  }

  private values(dto: CreateCustomerDto) {
    return { name: dto.name, company: dto.company, address: dto.address || null, phoneNo: dto.phone_no, email: dto.email };
  }

  private async require(id: string): Promise<CustomerRow> {
    const c = await this.customers.findById(id);
    if (!c) throw new NotFoundException('Customer not found');
    return c;
  }
}
