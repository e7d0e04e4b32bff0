import { formatCalendarDay, type Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, type TestApp, type TestUser } from '../../../test/test-app';
import { addLine, advance, createList, stockProduct, type StockedProduct } from '../testing';
import { fetchPdf, readPdf } from './testing';

const SETUP_TIMEOUT = 300_000;
const AMHARIC = { Accept: 'application/pdf', 'Accept-Language': 'am' };

/**
 * The PDFs embed Noto Sans Ethiopic, so Amharic names, addresses and products come out
 * intact; `Accept-Language: am` prints Amharic labels with the English ones beneath; dates follow
 * the user's calendar; the invoice prints the customer's TIN.
 */
describe('Outgoing documents in Amharic and the Ethiopian calendar (issue 18)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let list: string;
  let product: StockedProduct;
  const customer = { name: 'አበበ በቀለ', company: 'አበበ ንግድ ኃ/የተ/የግ/ማ', address: 'ቦሌ ክፍለ ከተማ፣ አዲስ አበባ', phone_no: ['911000111'], email: 'abebe@example.et', tin: '0098765432' };

  beforeAll(async () => {
    t = await createTestApp({ COMPANY_NAME: 'ሰላም ትሬዲንግ', COMPANY_ADDRESS: 'መርካቶ፣ አዲስ አበባ', COMPANY_TIN: '0012345678' });
    const warehouse = await createWarehouse(t, 'መርካቶ መጋዘን');
    u = await createRoleUsers(t, warehouse);
    const created = await t.http.post('/api/customers/create').set(bearer(u.sales.token)).send(customer);
    expect(created.status).toBe(201);
    product = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }], 'የቢሮ ወንበር');
    list = await createList(t, u.sales.token, { warehouse, customer: created.body.data._id, gin: 'GIN-AM-1' });
    expect((await addLine(t, u.sales.token, list, product, [{ name: 'pcs', value: 2 }], 1500)).status).toBe(200);
    const tokens = { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token };
    await advance(t, tokens, list, ['submit', 'verify', 'approve', 'deliver']);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  const setCalendar = async (user: TestUser, calendar: string) =>
    expect((await t.http.put('/api/users/me/preferences').set(bearer(user.token)).send({ calendar })).status).toBe(200);

  it('prints the Amharic customer, address, company and product intact, with Amharic labels over English ones', async () => {
    const res = await fetchPdf(t, list, 'delivery-note', u.warehouseAdmin.token, AMHARIC);
    expect(res.status).toBe(200);
    const { text } = await readPdf(res);
    for (const amharic of [customer.name, customer.company, customer.address, product.name, 'ሰላም ትሬዲንግ', 'መርካቶ፣ አዲስ አበባ', 'መርካቶ መጋዘን']) {
      expect(text).toContain(amharic);
    }
    // the Amharic label, the English one beneath
    for (const [am, en] of [['የዕቃ ማስረከቢያ ሰነድ', 'Delivery Note'], ['ተረካቢ', 'Delivery to'], ['ያዘጋጀው', 'Prepared by'], ['ገጽ 1 ከ 1', 'Page 1 of 1']]) {
      expect(text).toContain(`${am}\n${en}`);
    }
    expect(text).toContain('የግብር ከፋይ መለያ ቁጥር: 0012345678');
  });

  it('stays English without Accept-Language: am, the Amharic data still intact', async () => {
    const { text } = await readPdf(await fetchPdf(t, list, 'delivery-note', u.warehouseAdmin.token, { 'Accept-Language': 'en-US,am;q=0.5' }));
    expect(text).toContain('Delivery Note');
    expect(text).toContain('TIN: 0012345678');
    expect(text).not.toContain('የዕቃ ማስረከቢያ ሰነድ');
    for (const amharic of [customer.name, customer.address, product.name]) expect(text).toContain(amharic);
  });

  it("dates the documents in the signed-in user's calendar", async () => {
    const today = new Date().toISOString();
    await setCalendar(u.warehouseAdmin, 'ethiopian');
    const ethiopian = (await readPdf(await fetchPdf(t, list, 'delivery-note', u.warehouseAdmin.token, AMHARIC))).text;
    expect(formatCalendarDay(today, 'ethiopian')).toMatch(/^\d\d\/\d\d\/\d{4} AM$/);
    expect(ethiopian).toContain(`ቀን: ${formatCalendarDay(today, 'ethiopian')}`);
    // another user's setting is theirs alone
    const admin = (await readPdf(await fetchPdf(t, list, 'invoice', t.adminToken))).text;
    expect(admin).toContain(`Date: ${today.slice(0, 10)}`);
    await setCalendar(u.warehouseAdmin, 'gregorian');
    expect((await readPdf(await fetchPdf(t, list, 'delivery-note', u.warehouseAdmin.token))).text).toContain(`Date: ${today.slice(0, 10)}`);
  });

  it("prints the customer's TIN on the invoice, in both languages", async () => {
    const english = (await readPdf(await fetchPdf(t, list, 'invoice', u.warehouseAdmin.token))).text;
    expect(english).toContain(`TIN: ${customer.tin}`);
    expect(english).toContain('3,000.00 ETB');
    const amharic = (await readPdf(await fetchPdf(t, list, 'invoice', u.warehouseAdmin.token, AMHARIC))).text;
    expect(amharic).toContain(`የግብር ከፋይ መለያ ቁጥር: ${customer.tin}`);
    expect(amharic).toContain('የሂሳብ መጠየቂያ\nInvoice');
    expect(amharic).toContain(product.name);
  });
});
