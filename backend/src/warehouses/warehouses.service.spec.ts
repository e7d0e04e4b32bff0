import { eq } from 'drizzle-orm';
import { freshDatabase, modulesOn, type FreshDatabase } from '../../test/test-db';
import type { Database } from '../database/database';
import { warehouses } from '../database/schema';
import { CreateWarehouseDto, UpdateWarehouseDto } from './dto/warehouse.dto';
import { WarehousesModule } from './warehouses.module';
import { WarehousesService } from './warehouses.service';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** WarehousesService, wired by its own module, on real repositories over a fresh, migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
describe('WarehousesService', () => {
  let fresh: FreshDatabase;
  let db: Database;
  let service: WarehousesService;
  let seq = 0;

  const name = () => `Warehouse ${++seq}`;
  const create = (n = name(), address = 'Bole') => service.create(Object.assign(new CreateWarehouseDto(), { name: n, address }));
  const update = (id: string, over: Partial<UpdateWarehouseDto>) =>
    service.update(id, Object.assign(new UpdateWarehouseDto(), { name: name(), address: 'Kality', ...over }));
  const row = async (id: string) => (await db.select().from(warehouses).where(eq(warehouses.id, id)))[0];
  const all = () => db.select().from(warehouses).orderBy(warehouses.id);

  beforeAll(async () => {
    fresh = await freshDatabase();
    db = fresh.handle.db;
    service = (await modulesOn(db, [WarehousesModule])).get(WarehousesService);
  });
  afterAll(async () => {
    await fresh.handle.close();
    await fresh.drop();
  });

  describe('create', () => {
    it('stores the warehouse and returns its view', async () => {
      const view = await create('Adama', 'Adama road');
      expect(view).toMatchObject({ name: 'Adama', address: 'Adama road', removed: false });
      expect(await row(view._id)).toMatchObject({ name: 'Adama', address: 'Adama road', removed: false });
      expect(new Date(view.createdAt).toISOString()).toBe(view.createdAt);
    });

    it('answers 409 for the name of an active warehouse, whatever its case, and stores nothing', async () => {
      const taken = await create();
      const before = await all();
      await expect(create(taken.name.toUpperCase())).rejects.toMatchObject({ status: 409, message: `A warehouse named "${taken.name.toUpperCase()}" already exists` });
      expect(await all()).toEqual(before);
    });

    it('allows the name of a removed warehouse', async () => {
      const old = await create();
      await service.setRemoved(old._id, true);
      const again = await create(old.name);
      expect(again._id).not.toBe(old._id);
      expect((await service.list(false)).filter((w) => w.name === old.name).map((w) => w._id)).toEqual([again._id]);
    });
  });

  describe('update', () => {
    it('renames and re-addresses; keeping its own name in another case is allowed', async () => {
      const w = await create();
      const renamed = await update(w._id, { name: `${w.name} B`, id: w._id });
      expect(renamed).toMatchObject({ _id: w._id, name: `${w.name} B`, address: 'Kality' });
      const recased = await update(w._id, { name: `${w.name} B`.toUpperCase() });
      expect(recased.name).toBe(`${w.name} B`.toUpperCase());
      expect((await row(w._id)).name).toBe(`${w.name} B`.toUpperCase());
    });

    it("answers 409 for another active warehouse's name and changes nothing", async () => {
      const a = await create();
      const b = await create();
      const before = await row(b._id);
      await expect(update(b._id, { name: a.name.toLowerCase() })).rejects.toMatchObject({ status: 409 });
      expect(await row(b._id)).toEqual(before);
    });

    it('answers 400 for a body id other than the path and 404 for an unknown warehouse', async () => {
      const w = await create();
      const before = await row(w._id);
      await expect(update(w._id, { id: UNKNOWN })).rejects.toMatchObject({ status: 400 });
      await expect(update(UNKNOWN, {})).rejects.toMatchObject({ status: 404, message: 'Warehouse not found' });
      expect(await row(w._id)).toEqual(before);
    });

    it('lets a removed warehouse take a taken name, but not come back with it (409)', async () => {
      const active = await create();
      const gone = await create();
      await service.setRemoved(gone._id, true);
      expect((await update(gone._id, { name: active.name })).name).toBe(active.name);
      await expect(service.setRemoved(gone._id, false)).rejects.toMatchObject({ status: 409 });
      expect((await row(gone._id)).removed).toBe(true);
    });
  });

  describe('remove and activate', () => {
    it('removes and restores once each; a repeat answers 409; an unknown id 404', async () => {
      const w = await create();
      await expect(service.setRemoved(w._id, false)).rejects.toMatchObject({ status: 409, message: 'This warehouse is already active' });
      expect((await service.setRemoved(w._id, true)).removed).toBe(true);
      expect((await service.list(true)).map((x) => x._id)).toContain(w._id);
      expect((await service.list(false)).map((x) => x._id)).not.toContain(w._id);
      await expect(service.setRemoved(w._id, true)).rejects.toMatchObject({ status: 409, message: 'This warehouse is already removed' });
      expect((await service.setRemoved(w._id, false)).removed).toBe(false);
      expect((await row(w._id)).removed).toBe(false);
      await expect(service.setRemoved(UNKNOWN, true)).rejects.toMatchObject({ status: 404 });
    });

    it('refuses to restore a warehouse whose name an active one now has (409), and leaves it removed', async () => {
      const old = await create();
      await service.setRemoved(old._id, true);
      await create(old.name.toUpperCase());
      await expect(service.setRemoved(old._id, false)).rejects.toMatchObject({
        status: 409,
        message: `A warehouse named "${old.name}" already exists`,
      });
      expect((await row(old._id)).removed).toBe(true);
    });
  });

  it('lists active warehouses by name, removed ones apart', async () => {
    const [c, a, b] = [await create('Sorted C'), await create('Sorted A'), await create('Sorted B')];
    await service.setRemoved(b._id, true);
    const active = (await service.list(false)).map((w) => w._id).filter((id) => [a._id, b._id, c._id].includes(id));
    expect(active).toEqual([a._id, c._id]);
    expect((await service.list(true)).map((w) => w._id)).toContain(b._id);
  });
});
