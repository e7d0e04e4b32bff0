import { eq } from 'drizzle-orm';
import { freshDatabase, modulesOn, type FreshDatabase } from '../../../test/test-db';
import type { Database } from '../../database/database';
import { categories, products } from '../../database/schema';
import { CatalogModule } from '../catalog.module';
import { CategoriesService } from './categories.service';
import { CreateCategoryDto, UpdateCategoryDto } from './dto/category.dto';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** CategoriesService, wired by its own module, on real repositories over a fresh, migrated database. */
describe('CategoriesService', () => {
  let fresh: FreshDatabase;
  let db: Database;
  let service: CategoriesService;
  let seq = 0;

  const fields = (over: Partial<UpdateCategoryDto> = {}) =>
    Object.assign(new UpdateCategoryDto(), { name: `Category ${++seq}`, description: 'd', specifications: ['Color', 'Size'], quantity_measurement: ['pcs', 'box'], ...over });
  const create = (over: Partial<CreateCategoryDto> = {}) => service.create(Object.assign(new CreateCategoryDto(), fields(over)));
  const row = async (id: string) => (await db.select().from(categories).where(eq(categories.id, id)))[0];
  const count = async () => (await db.select({ id: categories.id }).from(categories)).length;
  /** An active product of the category using unit `box` and specification `Color`. */
  const product = async (categoryId: string) =>
    (
      await db
        .insert(products)
        .values({ categoryId, name: `P${++seq}`, code: `C-${seq}`, units: ['box'], bufferUnit: 'box', specifications: [{ name: 'Color', value: 'Red' }] })
        .returning()
    )[0];

  beforeAll(async () => {
    fresh = await freshDatabase();
    db = fresh.handle.db;
    service = (await modulesOn(db, [CatalogModule])).get(CategoriesService);
  });
  afterAll(async () => {
    await fresh.handle.close();
    await fresh.drop();
  });

  it('creates a category and answers 409 for an active name in any case, storing nothing', async () => {
    const c = await create({ name: 'Paints' });
    expect(c).toMatchObject({ name: 'Paints', specifications: ['Color', 'Size'], quantity_measurement: ['pcs', 'box'], removed: false });
    const before = await count();
    await expect(create({ name: 'PAINTS' })).rejects.toMatchObject({ status: 409, message: 'A category named "PAINTS" already exists' });
    expect(await count()).toBe(before);
  });

  it("answers 409 when renaming to another active category's name and changes nothing; its own name in another case is fine", async () => {
    const a = await create();
    const b = await create();
    const before = await row(b._id);
    await expect(service.update(b._id, fields({ name: a.name.toLowerCase() }))).rejects.toMatchObject({ status: 409 });
    expect(await row(b._id)).toEqual(before);
    expect((await service.update(b._id, fields({ name: b.name.toUpperCase(), id: b._id }))).name).toBe(b.name.toUpperCase());
  });

  it('answers 400 for a body id other than the path and 404 for an unknown category', async () => {
    const c = await create();
    const before = await row(c._id);
    await expect(service.update(c._id, fields({ id: UNKNOWN }))).rejects.toMatchObject({ status: 400 });
    await expect(service.update(UNKNOWN, fields())).rejects.toMatchObject({ status: 404, message: 'Category not found' });
    await expect(service.get(UNKNOWN)).rejects.toMatchObject({ status: 404 });
    expect(await row(c._id)).toEqual(before);
  });

  it('refuses an update dropping a unit or specification an active product uses (409), and allows it once the product is removed', async () => {
    const c = await create();
    const p = await product(c._id);
    const before = await row(c._id);
    await expect(service.update(c._id, fields({ name: c.name, quantity_measurement: ['pcs'] }))).rejects.toMatchObject({
      status: 409,
      message: 'Active products of this category still use "box"',
    });
    await expect(service.update(c._id, fields({ name: c.name, specifications: ['Size'] }))).rejects.toMatchObject({ status: 409 });
    expect(await row(c._id)).toEqual(before);
    expect((await service.update(c._id, fields({ name: c.name, specifications: ['Color'], quantity_measurement: ['box', 'kg'] }))).quantity_measurement).toEqual(['box', 'kg']);
    await db.update(products).set({ removed: true }).where(eq(products.id, p.id));
    expect((await service.update(c._id, fields({ name: c.name, specifications: [], quantity_measurement: ['kg'] }))).specifications).toEqual([]);
  });

  it('refuses to remove a category with active products, naming how many', async () => {
    const c = await create();
    await product(c._id);
    await product(c._id);
    await expect(service.setRemoved(c._id, true)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/still has 2 active products/) });
    expect((await row(c._id)).removed).toBe(false);
  });

  it('removes and restores once each; a repeat answers 409; restoring a name now taken answers 409', async () => {
    const c = await create();
    await expect(service.setRemoved(c._id, false)).rejects.toMatchObject({ status: 409, message: 'This category is already active' });
    expect((await service.setRemoved(c._id, true)).removed).toBe(true);
    await expect(service.setRemoved(c._id, true)).rejects.toMatchObject({ status: 409, message: 'This category is already removed' });
    expect((await service.list(true)).map((x) => x._id)).toContain(c._id);
    const taker = await create({ name: c.name.toUpperCase() });
    await expect(service.setRemoved(c._id, false)).rejects.toMatchObject({ status: 409 });
    expect((await row(c._id)).removed).toBe(true);
    await service.setRemoved(taker._id, true);
    expect((await service.setRemoved(c._id, false)).removed).toBe(false);
    await expect(service.setRemoved(UNKNOWN, true)).rejects.toMatchObject({ status: 404 });
  });
});
