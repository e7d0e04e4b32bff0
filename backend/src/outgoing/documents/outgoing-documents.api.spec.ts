import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, type TestApp, type TestUser } from '../../../test/test-app';
import { addLine, advance, createList, insertCustomer, stockProduct, type StepTokens, type StockedProduct } from '../testing';
import { errorOf, fetchPdf as fetchAs, readPdf as read, type OutgoingDocument } from './testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_TIMEOUT = 300_000;

describe('Outgoing list documents: delivery note and invoice PDFs', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let tokens: StepTokens;
  let warehouse: string;
  let customer: string;
  let delivered: string;
  let products: StockedProduct[];

  beforeAll(async () => {
    t = await createTestApp({ COMPANY_NAME: 'Selam Trading PLC', COMPANY_TIN: '0012345678', COMPANY_REGISTRATION: 'AA/123/2020', PROVIDER_CREDIT: 'Powered by Test Provider' });
    warehouse = await createWarehouse(t, 'Merkato Store');
    u = await createRoleUsers(t, warehouse);
    tokens = { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token };
    customer = await insertCustomer(t, 'Almaz Tesfaye');
    products = [
      await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]),
      await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'kg', value: 10 }]),
      await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]),
    ];
    delivered = await createList(t, u.sales.token, { warehouse, customer, gin: 'GIN-DOC-1' });
    expect((await addLine(t, u.sales.token, delivered, products[0], [{ name: 'pcs', value: 3 }], 100.5)).status).toBe(200);
    expect((await addLine(t, u.sales.token, delivered, products[1], [{ name: 'kg', value: 2.5 }], 0.1)).status).toBe(200);
    await advance(t, tokens, delivered, ['submit', 'verify', 'approve', 'deliver']);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  const fetchPdf = (id: string, doc: OutgoingDocument, token = u.warehouseAdmin.token) => fetchAs(t, id, doc, token);

  it('serves the delivery note as invoice.pdf with every field', async () => {
    const res = await fetchPdf(delivered, 'delivery-note');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice.pdf"');
    const { text, numpages } = await read(res);
    expect(numpages).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    for (const field of [
      'Delivery Note', `Date: ${today}`, 'TIN: 0012345678', 'Reg: AA/123/2020', 'Selam Trading PLC', 'GIN: GIN-DOC-1', 'FS No.: FS-1',
      'Delivery to', 'Almaz Tesfaye', products[0].code, products[0].name, '3 pcs', products[1].code, '2.5 kg',
      'Bank details', 'Grand total', 'Page 1 of 1', 'Powered by Test Provider',
    ]) {
      expect(text).toContain(field);
    }
  });

  it('signs the delivery note by the overseer, prints the phone with +251 and the company name once (issue 12, point 21)', async () => {
    const { text } = await read(await fetchPdf(delivered, 'delivery-note'));
    // approved by the warehouseAdmin who confirmed delivery, not the finance approver
    for (const [label, who] of [['Prepared by', 'Test sales'], ['Checked by', 'Test salesSupervisor'], ['Approved by', 'Test warehouseAdmin']]) {
      expect(text).toContain(`${label}\n${who}\n`);
    }
    expect(text).not.toContain('Test finance');
    expect(text).toContain('+251 911 000 111'); // stored as 911000111
    expect(text.split('Selam Trading PLC')).toHaveLength(2);
  });

  it('serves the invoice with prices, exact totals, VAT and terms', async () => {
    const res = await fetchPdf(delivered, 'invoice', t.adminToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await read(res);
    // 3 × 100.50 = 301.50; 2.5 × 0.10 = 0.25; 301.75 gross, VAT 301.75 × 15/115 = 39.36
    for (const field of [
      'Invoice', 'All prices include 15% VAT', 'Full payment before delivery', 'TIN: 0012345678', 'Reg: AA/123/2020', 'Addis Ababa, Ethiopia',
      'Delivery to', 'Almaz Tesfaye', products[0].code, '100.50', '301.50', '0.10', '0.25', 'Total excl. VAT', '262.39 ETB', 'VAT (15%)',
      '39.36 ETB', 'Grand total (VAT incl.)', '301.75 ETB', 'Bank details', 'Prepared by\nTest sales\n', 'Checked by\nTest salesSupervisor\n',
      'Approved by\nTest finance\n', '+251 911 000 111', 'Page 1 of 1',
    ]) {
      expect(text).toContain(field);
    }
    expect(text.split('Selam Trading PLC')).toHaveLength(2);
  });

  it('refuses the invoice while a line has no unit price (409 naming it), then totals every line (issue 12, point 20)', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer });
    const [priced, unpriced, alsoUnpriced] = products;
    expect((await addLine(t, u.sales.token, id, priced, [{ name: 'pcs', value: 2 }], 10.1)).status).toBe(200);
    expect((await addLine(t, u.sales.token, id, unpriced, [{ name: 'kg', value: 1.5 }])).status).toBe(200);
    expect((await addLine(t, u.sales.token, id, alsoUnpriced, [{ name: 'pcs', value: 1 }])).status).toBe(200);
    const refused = await fetchPdf(id, 'invoice');
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(
      `Set a unit price on every line to print the invoice: ${unpriced.name} (${unpriced.code}), ${alsoUnpriced.name} (${alsoUnpriced.code})`,
    );
    const lines = (await t.http.get(`/api/outgoingLists/one/${id}`).set(bearer(u.sales.token))).body.data.outgoing_list.inventory_list as { _id: string; quantity: unknown }[];
    for (const [line, unitPrice] of [[lines[1], 7.35], [lines[2], 1000]] as const) {
      const res = await t.http.post('/api/outgoingLists/product/update').set(bearer(u.sales.token)).send({ list_id: id, product_id: line._id, quantity: line.quantity, unitPrice });
      expect(res.status).toBe(200);
    }
    const res = await fetchPdf(id, 'invoice');
    expect(res.status).toBe(200);
    // 2 × 10.10 + 1.5 × 7.35 + 1 × 1,000.00 = 20.20 + 11.03 (11.025 half-up) + 1,000.00 = 1,031.23
    const { text } = await read(res);
    for (const field of ['Quotation', '20.20', '11.03', '1,000.00', 'Grand total (VAT incl.)', '1,031.23 ETB']) expect(text).toContain(field);
  });

  it('flows a 60-line list over pages with the header row repeated and page numbers', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer, gin: 'GIN-DOC-60' });
    for (let i = 0; i < 60; i++) {
      // fixed-length names, so the layout (and the page count) does not depend on generated ids
      const p = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 5 }], `Line item ${String(i + 1).padStart(2, '0')}`);
      expect((await addLine(t, u.sales.token, id, p, [{ name: 'pcs', value: 1 }], 12.34)).status).toBe(200);
    }
    await advance(t, tokens, id, ['submit', 'verify', 'approve', 'deliver']);
    for (const doc of ['delivery-note', 'invoice'] as const) {
      const { text, numpages } = await read(await fetchPdf(id, doc));
      // A4, 9 pt Noto Sans Ethiopic rows: the table flows over two pages, the signatures
      // after it (on a third page when they do not fit under the table)
      expect(numpages).toBeGreaterThanOrEqual(2);
      const headers = text.match(/No\.Code/g)?.length ?? 0;
      expect(headers).toBeGreaterThanOrEqual(2); // the header row on every page the table reaches
      expect(headers).toBeLessThanOrEqual(numpages);
      for (let page = 1; page <= numpages; page++) expect(text).toContain(`Page ${page} of ${numpages}`);
    }
    expect((await read(await fetchPdf(id, 'invoice'))).text).toContain('740.40 ETB');
  }, SETUP_TIMEOUT);

  it('answers 409 before delivery, 403 for other roles and warehouses, 404 unknown', async () => {
    const draft = await createList(t, u.sales.token, { warehouse, customer });
    const early = await fetchPdf(draft, 'delivery-note');
    expect(early.status).toBe(409);
    expect(errorOf(early).message).toMatch(/the list is draft/);
    for (const role of ['sales', 'finance', 'salesSupervisor', 'importAdmin'] as Role[]) {
      expect((await fetchPdf(delivered, 'delivery-note', u[role].token)).status).toBe(403);
      expect((await fetchPdf(delivered, 'invoice', u[role].token)).status).toBe(403);
    }
    const stranger = await createUser(t, 'warehouseAdmin', await createWarehouse(t));
    expect((await fetchPdf(delivered, 'delivery-note', stranger.token)).status).toBe(403);
    expect((await fetchPdf('00000000-0000-4000-8000-000000000000', 'delivery-note')).status).toBe(404);
    expect((await fetchPdf('nope', 'invoice')).status).toBe(400);
  });
});
