import { BadRequestException, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import * as argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { freshDatabase, type FreshDatabase } from '../../test/test-db';
import { AuditRepository } from '../audit/audit.repository';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth/auth-user';
import { createValidationPipe } from '../common/http/validation';
import { AppConfig } from '../config/app-config';
import type { Database } from '../database/database';
import { users } from '../database/schema';
import { StockUseRepository } from '../inventory/stock-use.repository';
import { StockUseService } from '../inventory/stock-use.service';
import { WarehousesRepository } from '../warehouses/warehouses.repository';
import { WarehousesService } from '../warehouses/warehouses.service';
import { RegisterUserDto, ResetPasswordDto, UpdateUserDto } from './dto/user.dto';
import { LoginLimiter } from './login-limiter';
import { PasswordHasher } from './password-hasher';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

const ADMIN_EMAIL = 'first.admin@unit.local';
const ADMIN_PASSWORD = 'F1rst@Admin';
const PASSWORD = 'Str0ng@Pass';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** UsersService on real repositories over a fresh, migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
describe('UsersService', () => {
  let fresh: FreshDatabase;
  let db: Database;
  let service: UsersService;
  let warehouses: WarehousesRepository;
  let admin: AuthUser;
  let warehouseId: string;
  let seq = 0;

  const newService = () => {
    const config = Object.assign(new AppConfig(), { ADMIN_EMAIL, ADMIN_PASSWORD });
    return new UsersService(
      new UsersRepository(db),
      new WarehousesService(warehouses, new StockUseService(new StockUseRepository()), new AuditService(new AuditRepository(db))),
      new JwtService({ secret: 'unit-secret-unit-secret-unit-secret' }),
      new LoginLimiter(fresh.handle),
      new PasswordHasher(config),
      config,
      new AuditService(new AuditRepository(db)),
    );
  };
  const row = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
  const countUsers = async () => (await db.select({ id: users.id }).from(users)).length;
  const staff = (over: Partial<RegisterUserDto> = {}): RegisterUserDto =>
    Object.assign(new RegisterUserDto(), {
      first_name: 'Abebe',
      last_name: 'Kebede',
      phone: '911000111',
      email: `abebe.${++seq}@unit.local`,
      role: 'sales',
      password: PASSWORD,
      ...over,
    });
  const fields = (over: Partial<UpdateUserDto> = {}): UpdateUserDto =>
    Object.assign(new UpdateUserDto(), { first_name: 'Almaz', last_name: 'Bekele', phone: '922000222', email: `almaz.${++seq}@unit.local`, role: 'sales', ...over });

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    fresh = await freshDatabase();
    db = fresh.handle.db;
    warehouses = new WarehousesRepository(db);
    service = newService();
    await service.onApplicationBootstrap();
    const first = (await db.select().from(users))[0];
    admin = { id: first.id, role: 'admin', firstName: first.firstName, lastName: first.lastName, email: first.email, warehouseId: null };
    warehouseId = (await warehouses.insert({ name: 'Main', address: 'Bole' })).id;
  });
  afterAll(async () => {
    await fresh.handle.close();
    await fresh.drop();
  });

  describe('first admin', () => {
    it('is created once, from ADMIN_EMAIL and ADMIN_PASSWORD, and can sign in', async () => {
      expect(await countUsers()).toBe(1);
      const first = await row(admin.id);
      expect(first).toMatchObject({ email: ADMIN_EMAIL, role: 'admin', removed: false });
      expect(await argon2.verify(first.passwordHash, ADMIN_PASSWORD)).toBe(true);
      await newService().onApplicationBootstrap();
      expect(await countUsers()).toBe(1);
      const login = await service.login(ADMIN_EMAIL, ADMIN_PASSWORD, '10.0.0.1');
      expect(login).toMatchObject({ _id: admin.id, role: 'admin', first_name: 'Admin', warehouse: null });
      expect(typeof login.token).toBe('string');
    });
  });

  describe('register', () => {
    it('stores the staff member with an argon2 hash and returns a view without it', async () => {
      const dto = staff();
      const view = await service.register(dto);
      expect(view).toMatchObject({ first_name: 'Abebe', last_name: 'Kebede', phone: '911000111', email: dto.email, role: 'sales', warehouse: null, removed: false });
      expect(JSON.stringify(view)).not.toMatch(/hash|argon|Str0ng/i);
      const stored = await row(view._id);
      expect(stored.passwordHash).not.toBe(PASSWORD);
      expect(await argon2.verify(stored.passwordHash, PASSWORD)).toBe(true);
    });

    it('answers 409 for an email already registered, whatever its case, even by a removed user', async () => {
      const taken = await service.register(staff());
      const before = await countUsers();
      await expect(service.register(staff({ email: taken.email.toUpperCase() }))).rejects.toMatchObject({ status: 409 });
      await service.setRemoved(admin, taken._id, true);
      await expect(service.register(staff({ email: taken.email }))).rejects.toMatchObject({
        status: 409,
        message: `The email ${taken.email} is already registered`,
      });
      expect(await countUsers()).toBe(before);
    });

    it('requires an existing, active warehouse for a warehouseAdmin (400) and stores it with its name', async () => {
      const before = await countUsers();
      const none = service.register(staff({ role: 'warehouseAdmin', warehouse: undefined }));
      await expect(none).rejects.toBeInstanceOf(BadRequestException);
      await expect(service.register(staff({ role: 'warehouseAdmin', warehouse: null }))).rejects.toMatchObject({ status: 400 });
      await expect(service.register(staff({ role: 'warehouseAdmin', warehouse: UNKNOWN }))).rejects.toMatchObject({
        status: 400,
        message: 'The selected warehouse does not exist',
      });
      const gone = await warehouses.insert({ name: `Gone ${++seq}`, address: 'x' });
      await warehouses.update(gone.id, { removed: true });
      await expect(service.register(staff({ role: 'warehouseAdmin', warehouse: gone.id }))).rejects.toMatchObject({ status: 400 });
      expect(await countUsers()).toBe(before);

      const ok = await service.register(staff({ role: 'warehouseAdmin', warehouse: warehouseId }));
      expect(ok).toMatchObject({ role: 'warehouseAdmin', warehouse: warehouseId, warehouse_name: 'Main' });
      expect((await row(ok._id)).warehouseId).toBe(warehouseId);
    });

    it('checks a warehouse sent for other roles too, and stores none when none is sent', async () => {
      await expect(service.register(staff({ role: 'finance', warehouse: UNKNOWN }))).rejects.toMatchObject({ status: 400 });
      expect((await service.register(staff({ role: 'finance' }))).warehouse).toBeNull();
    });
  });

  describe('update', () => {
    it('refuses your own account with 403 "Can\'t update for yourself" and changes nothing', async () => {
      const before = await row(admin.id);
      const self = service.update(admin, admin.id, fields({ email: ADMIN_EMAIL, role: 'admin' }));
      await expect(self).rejects.toMatchObject({ status: 403, message: "Can't update for yourself" });
      expect(await row(admin.id)).toEqual(before);
    });

    it('updates another user', async () => {
      const u = await service.register(staff());
      const dto = fields({ role: 'warehouseAdmin', warehouse: warehouseId, id: u._id });
      const view = await service.update(admin, u._id, dto);
      expect(view).toMatchObject({ first_name: 'Almaz', last_name: 'Bekele', phone: '922000222', email: dto.email, role: 'warehouseAdmin', warehouse: warehouseId });
      expect(await row(u._id)).toMatchObject({ firstName: 'Almaz', email: dto.email, role: 'warehouseAdmin', warehouseId });
    });

    it('answers 400 for a body id other than the path, 404 for an unknown user', async () => {
      const u = await service.register(staff());
      const before = await row(u._id);
      await expect(service.update(admin, u._id, fields({ id: UNKNOWN }))).rejects.toMatchObject({ status: 400 });
      await expect(service.update(admin, UNKNOWN, fields())).rejects.toMatchObject({ status: 404, message: 'Staff member not found' });
      expect(await row(u._id)).toEqual(before);
    });

    it("answers 409 for another user's email (any case) and accepts one's own email in another case", async () => {
      const a = await service.register(staff());
      const b = await service.register(staff());
      const before = await row(b._id);
      await expect(service.update(admin, b._id, fields({ email: a.email.toUpperCase() }))).rejects.toMatchObject({ status: 409 });
      expect(await row(b._id)).toEqual(before);
      const same = await service.update(admin, b._id, fields({ email: b.email.toUpperCase() }));
      expect(same.email).toBe(b.email.toUpperCase());
    });

    it('refuses to make a warehouseAdmin without a warehouse, or tie anyone to a removed one (400), and changes nothing', async () => {
      const u = await service.register(staff());
      const before = await row(u._id);
      await expect(service.update(admin, u._id, fields({ role: 'warehouseAdmin' }))).rejects.toMatchObject({ status: 400 });
      const gone = await warehouses.insert({ name: `Gone ${++seq}`, address: 'x' });
      await warehouses.update(gone.id, { removed: true });
      await expect(service.update(admin, u._id, fields({ role: 'warehouseAdmin', warehouse: gone.id }))).rejects.toMatchObject({ status: 400 });
      expect(await row(u._id)).toEqual(before);
    });
  });

  describe('remove and activate', () => {
    it('refuses to remove yourself (403) and keeps you active', async () => {
      await expect(service.setRemoved(admin, admin.id, true)).rejects.toMatchObject({ status: 403, message: "You can't remove yourself" });
      expect((await row(admin.id)).removed).toBe(false);
    });

    it('removes and restores once each; a repeat answers 409; an unknown id 404', async () => {
      const u = await service.register(staff());
      await expect(service.setRemoved(admin, u._id, false)).rejects.toMatchObject({ status: 409, message: 'This staff member is already active' });
      expect((await service.setRemoved(admin, u._id, true)).removed).toBe(true);
      expect((await row(u._id)).removed).toBe(true);
      await expect(service.setRemoved(admin, u._id, true)).rejects.toMatchObject({ status: 409, message: 'This staff member is already removed' });
      expect((await service.setRemoved(admin, u._id, false)).removed).toBe(false);
      expect((await row(u._id)).removed).toBe(false);
      await expect(service.setRemoved(admin, UNKNOWN, true)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('login', () => {
    it('answers 401 for a wrong password, an unknown email and a removed user', async () => {
      const dto = staff();
      const u = await service.register(dto);
      await expect(service.login(dto.email, 'Wr0ng@Pass', '10.0.0.2')).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
      await expect(service.login(`nobody.${++seq}@unit.local`, PASSWORD, '10.0.0.2')).rejects.toMatchObject({ status: 401 });
      expect((await service.login(dto.email.toUpperCase(), PASSWORD, '10.0.0.2'))._id).toBe(u._id);
      await service.setRemoved(admin, u._id, true);
      await expect(service.login(dto.email, PASSWORD, '10.0.0.2')).rejects.toMatchObject({ status: 401 });
    });

    it('answers 429 after 5 failures for the same email and address, even with the right password', async () => {
      const dto = staff();
      await service.register(dto);
      for (let i = 0; i < 5; i++) await expect(service.login(dto.email, 'bad', '10.0.0.3')).rejects.toMatchObject({ status: 401 });
      await expect(service.login(dto.email, PASSWORD, '10.0.0.3')).rejects.toMatchObject({ status: 429 });
      expect((await service.login(dto.email, PASSWORD, '10.0.0.4')).role).toBe('sales');
    });
  });

  describe('reset password', () => {
    it('replaces the hash: the new password signs in, the old one no longer does', async () => {
      const dto = staff();
      const u = await service.register(dto);
      await service.resetPassword(admin, u._id, 'N3w@Passw0rd');
      const stored = await row(u._id);
      expect(await argon2.verify(stored.passwordHash, 'N3w@Passw0rd')).toBe(true);
      expect(await argon2.verify(stored.passwordHash, PASSWORD)).toBe(false);
      await expect(service.resetPassword(admin, UNKNOWN, 'N3w@Passw0rd')).rejects.toMatchObject({ status: 404 });
    });
  });
});

/** The staff rules the DTOs carry, run through the app's own validation pipe. */
describe('staff DTO rules (validation pipe)', () => {
  const pipe = createValidationPipe();
  const register = (over: Record<string, unknown>) =>
    pipe.transform(
      { first_name: 'A', last_name: 'B', phone: '911000111', email: 'a@b.cd', role: 'sales', password: PASSWORD, ...over },
      { type: 'body', metatype: RegisterUserDto },
    ) as Promise<RegisterUserDto>;
  const reset = (password: unknown) =>
    pipe.transform({ user_id: UNKNOWN, password }, { type: 'body', metatype: ResetPasswordDto }) as Promise<ResetPasswordDto>;

  it.each([
    ['+251911223344', '911223344'],
    ['251911223344', '911223344'],
    ['0911223344', '911223344'],
    [' +251 911 22 33 44 ', '911223344'],
    ['911223344', '911223344'],
  ])('normalises the phone %j to 9 digits', async (phone, expected) => {
    expect((await register({ phone })).phone).toBe(expected);
  });

  it.each(['12345', '91122334455', '+25191122334', '+1911223344', '91122334a', '+251+251911223344', 911223344])(
    'rejects the phone %j',
    async (phone) => {
      await expect(register({ phone })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/9 digits|string/) });
    },
  );

  const weak = ['password', 'Sh0rt@a', 'NoDigits@here', 'n0upper@case', 'N0LOWER@CASE', 'NoSpecial123', ''];

  it.each(weak)('rejects the weak password %j on register and on reset', async (password) => {
    await expect(register({ password })).rejects.toMatchObject({ status: 400 });
    await expect(reset(password)).rejects.toMatchObject({ status: 400 });
  });

  it('accepts a strong password on register and on reset, and rejects a non-string one', async () => {
    expect((await register({ password: 'Sesame #1 open!' })).password).toBe('Sesame #1 open!');
    expect((await reset(PASSWORD)).password).toBe(PASSWORD);
    await expect(reset(12345678)).rejects.toMatchObject({ status: 400 });
    await expect(reset(`${PASSWORD}${'x'.repeat(300)}`)).rejects.toMatchObject({ status: 400 });
  });

  it('requires a warehouse id for a warehouseAdmin only', async () => {
    await expect(register({ role: 'warehouseAdmin' })).rejects.toMatchObject({ message: expect.stringMatching(/Warehouse is required/) });
    await expect(register({ role: 'warehouseAdmin', warehouse: 'main' })).rejects.toMatchObject({ status: 400 });
    expect((await register({ role: 'warehouseAdmin', warehouse: UNKNOWN })).warehouse).toBe(UNKNOWN);
    expect((await register({ role: 'sales', warehouse: '' })).warehouse).toBe('');
  });
});
