import {
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
  UnauthorizedException,
  BadRequestException,
} from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomBytes } from 'node:crypto';
import { DEFAULT_CALENDAR, isCalendar, type DocumentLanguage } from '@inventory/common';
import { AuditService, type AuditActor } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import type { AuthUser } from '../common/auth/auth-user';
import type { DbOrTx } from '../database/database';
import type { TokenClaims } from '../common/auth/token-claims';
import { offsetPages } from '../common/export/export-stream';
import { listCount, type ListCount } from '../common/http/envelope';
import { pageWindow } from '../common/http/pagination.dto';
import { WarehousesService } from '../warehouses/warehouses.service';
import type { ChangePasswordDto, LoginView, PreferencesDto, RegisterUserDto, StaffFieldsDto, UpdateUserDto, UserListQueryDto, UserView } from './dto/user.dto';
import { LoginLimiter } from './login-limiter';
import { PasswordChecksBusyException, PasswordHasher } from './password-hasher';
import { UsersRepository, type UserRow, type UserWithWarehouse } from './users.repository';

/** A stored UI language as the API shows it: `am` or `en`. */
const languageOf = (value: string): DocumentLanguage => (value === 'am' ? 'am' : 'en');

/** Maps a user row to its API view (never the password hash). */
export function toUserView(u: UserWithWarehouse): UserView {
  return {
    _id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    phone: u.phone,
    email: u.email,
    warehouse: u.warehouseId,
    warehouse_name: u.warehouseName,
    removed: u.removed,
    calendar: isCalendar(u.calendar) ? u.calendar : DEFAULT_CALENDAR,
    language: languageOf(u.language),
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

/**
 * Staff rules: sign-in, registration, updates, soft removal. Every
 * change writes one audit event in its own transaction, and every sign-in, failed or not, one of
 * its own; a refused change writes none. No password or hash ever reaches an event.
 */
@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly warehouses: WarehousesService,
    private readonly jwt: JwtService,
    private readonly limiter: LoginLimiter,
    private readonly passwords: PasswordHasher,
    private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  /**
   * On an empty database, creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD (or a printed
   * random password), with a `create` audit event by the System.
   */
  async onApplicationBootstrap(): Promise<void> {
    if ((await this.users.countAll()) > 0) return;
    const email = this.config.ADMIN_EMAIL ?? 'admin@example.com';
    const password = this.config.ADMIN_PASSWORD ?? `${randomBytes(9).toString('base64url')}aA1!`;
    const passwordHash = await this.passwords.hash(password);
    await this.users.transaction(async (tx) => {
      const row = await this.users.insert({ firstName: 'Admin', lastName: 'User', email, phone: '000000000', role: 'admin', passwordHash }, tx);
      await this.audit.record(tx, { action: 'create', entity: 'user', entityId: row.id, before: null, after: await this.viewIn(tx, row.id) });
    });
    // logs carry no emails: the operator knows ADMIN_EMAIL (or its default, in .env.example)
    const from = this.config.ADMIN_EMAIL ? 'ADMIN_EMAIL' : 'the default of ADMIN_EMAIL (.env.example)';
    if (!this.config.ADMIN_PASSWORD) {
      this.logger.warn(`Created the first admin with the email of ${from} and the generated password: ${password} (shown once)`);
    } else {
      this.logger.log(`Created the first admin with the email of ${from}`);
    }
  }

  /**
   * Signs in. The attempt is counted before the password is checked:
   * the 6th attempt for an email and address within 15 minutes, or the 51st from an address,
   * answers 429. Unknown emails and removed users are checked against a dummy hash, so every
   * failure takes as long and answers 401 "Invalid email or password". 503 when hashing is busy.
   * A success writes `sign_in` and a 401 `sign_in_failed` to the audit trail, by the user
   * signing in (for an unknown email, by that email with no id); a 429 or 503 writes nothing.
   */
  async login(email: string, password: string, ip: string): Promise<LoginView> {
    await this.limiter.consume(email, ip);
    const found = await this.users.findByEmail(email);
    const user = found && !found.removed ? found : undefined;
    if (!(await this.checkPassword(user?.passwordHash, password, email, ip)) || !user) {
      // Nothing to roll back: the event is written on its own.
      const actor: AuditActor = found ? actorOf(found) : { id: null, name: email, role: null };
      await this.audit.record(this.users.db, { action: 'sign_in_failed', entity: 'user', entityId: found?.id ?? null, actor });
      throw new UnauthorizedException('Invalid email or password');
    }
    await this.limiter.succeeded(email, ip);
    await this.audit.record(this.users.db, { action: 'sign_in', entity: 'user', entityId: user.id, actor: actorOf(user) });
    return this.session(user);
  }

  /**
   * Changes the signed-in user's own password: the current password is checked
   * like a sign-in (counted by the limiter: 429 when used up), a wrong one answers 400 naming
   * `current_password`. Every older token of the user ends (point 6); the answer is a fresh session.
   * The change writes a `change_password` audit event in its transaction, without any password or hash.
   */
  async changeOwnPassword(actor: AuthUser, dto: ChangePasswordDto, ip: string): Promise<LoginView> {
    await this.limiter.consume(actor.email, ip);
    const user = await this.require(actor.id);
    if (!(await this.checkPassword(user.passwordHash, dto.current_password, actor.email, ip))) {
      throw fieldError('current_password', 'The current password is not correct');
    }
    await this.limiter.succeeded(actor.email, ip);
    if (dto.new_password === dto.current_password) throw fieldError('new_password', 'The new password must differ from the current one');
    const passwordHash = await this.passwords.hash(dto.new_password);
    const updated = await this.users.transaction(async (tx) => {
      const row = await this.users.updateEndingSessions(user.id, { passwordHash }, tx);
      if (!row) throw new NotFoundException('Staff member not found');
      await this.audit.record(tx, { action: 'change_password', entity: 'user', entityId: user.id });
      return row;
    });
    return this.session(updated);
  }

  async get(id: string): Promise<UserView> {
    return toUserView(await this.require(id));
  }

  /**
   * Sets the signed-in user's own preferences: the calendar of their dates in the UI,
   * PDFs and exports, and the UI language (applied at every sign-in, on any browser). Either or
   * both may be sent; neither answers 400. An actual change writes an `update` audit event
   * (entity `user`); the answer is the user as GET /users/getUser shows it.
   */
  async setPreferences(actor: AuthUser, dto: PreferencesDto): Promise<UserView> {
    if (dto.calendar === undefined && dto.language === undefined) throw fieldError('calendar', 'Send calendar or language');
    await this.require(actor.id);
    return this.users.transaction(async (tx) => {
      const before = toUserView((await this.users.lockById(tx, actor.id))!);
      const calendar = dto.calendar ?? before.calendar;
      const language = dto.language ?? before.language;
      if (before.calendar === calendar && before.language === language) return before;
      await this.users.update(actor.id, { calendar, language }, tx);
      const after = await this.viewIn(tx, actor.id);
      await this.audit.record(tx, { action: 'update', entity: 'user', entityId: actor.id, before, after });
      return after;
    });
  }

  /** Every active staff member of {@link list} for the same filters and sort, a page at a time (issue 13 export). */
  pages(q: UserListQueryDto): AsyncGenerator<UserView[]> {
    return offsetPages(async (w) => (await this.list({ ...q, ...w }, false)).users);
  }

  /** A page of active or removed staff, `{users, total_count, total_capped}` (ListCount). */
  async list(q: UserListQueryDto, removed: boolean): Promise<{ users: UserView[] } & ListCount> {
    const page = await this.users.list({ removed, search: q.search?.trim() || undefined, ...pageWindow(q), sort: q.sort, order: q.order });
    return { users: page.rows.map(toUserView), ...listCount(page) };
  }

  /** Registers staff; duplicate email answers 409, unknown warehouse 400. Writes a `create` audit event. */
  async register(dto: RegisterUserDto): Promise<UserView> {
    const warehouseId = await this.checkFields(dto);
    await this.assertEmailFree(dto.email);
    const passwordHash = await this.passwords.hash(dto.password);
    return this.users.transaction(async (tx) => {
      const row = await this.users.insert(
        { firstName: dto.first_name, lastName: dto.last_name, email: dto.email, phone: dto.phone, role: dto.role, warehouseId, passwordHash },
        tx,
      );
      const view = await this.viewIn(tx, row.id);
      await this.audit.record(tx, { action: 'create', entity: 'user', entityId: row.id, before: null, after: view });
      return view;
    });
  }

  /**
   * Updates staff detail; one's own account answers 403 "Can't update for yourself". The
   * `update` audit event holds the fields that differ, e.g. `role` and `warehouse`/`warehouse_name`.
   */
  async update(actor: AuthUser, id: string, dto: UpdateUserDto): Promise<UserView> {
    if (dto.id && dto.id !== id) throw new BadRequestException('The id in the body does not match the path');
    if (actor.id === id) throw new ForbiddenException("Can't update for yourself");
    const existing = await this.require(id);
    const warehouseId = await this.checkFields(dto);
    if (existing.email.toLowerCase() !== dto.email.toLowerCase()) await this.assertEmailFree(dto.email);
    return this.users.transaction(async (tx) => {
      const before = toUserView((await this.users.lockById(tx, id))!);
      await this.users.update(
        id,
        { firstName: dto.first_name, lastName: dto.last_name, email: dto.email, phone: dto.phone, role: dto.role, warehouseId },
        tx,
      );
      const after = await this.viewIn(tx, id);
      await this.audit.record(tx, { action: 'update', entity: 'user', entityId: id, before, after });
      return after;
    });
  }

  /**
   * Soft-removes or restores a user; either ends every token issued before.
   * Writes a `remove` or `activate` audit event.
   */
  async setRemoved(actor: AuthUser, id: string, removed: boolean): Promise<UserView> {
    if (removed && actor.id === id) throw new ForbiddenException("You can't remove yourself");
    const user = await this.require(id);
    const already = () =>
      new ConflictException(removed ? 'This staff member is already removed' : 'This staff member is already active');
    if (user.removed === removed) throw already();
    if (!removed) await this.assertEmailFree(user.email, id);
    return this.users.transaction(async (tx) => {
      if ((await this.users.lockById(tx, id))!.removed === removed) throw already();
      await this.users.updateEndingSessions(id, { removed }, tx);
      await this.audit.record(tx, { action: removed ? 'remove' : 'activate', entity: 'user', entityId: id, changes: [{ field: 'removed', before: !removed, after: removed }] });
      return this.viewIn(tx, id);
    });
  }

  /**
   * An admin sets another user's password; that user's tokens end. One's own
   * password answers 403: it is changed with the current one (PUT /users/me/password, point 5).
   * Writes a `reset_password` audit event naming the user, without any password or hash.
   */
  async resetPassword(actor: AuthUser, userId: string, password: string): Promise<UserView> {
    if (actor.id === userId) throw new ForbiddenException("You can't reset your own password here; use Change password");
    await this.require(userId);
    const passwordHash = await this.passwords.hash(password);
    return this.users.transaction(async (tx) => {
      await this.users.updateEndingSessions(userId, { passwordHash }, tx);
      await this.audit.record(tx, { action: 'reset_password', entity: 'user', entityId: userId });
      return this.viewIn(tx, userId);
    });
  }

  /** Verifies a password; an attempt refused because hashing is busy (503) is given back to the limiter. */
  private async checkPassword(hash: string | undefined, password: string, email: string, ip: string): Promise<boolean> {
    try {
      return await this.passwords.verify(hash, password);
    } catch (e) {
      if (e instanceof PasswordChecksBusyException) await this.limiter.refund(email, ip);
      throw e;
    }
  }

  /** The login answer with a token for the user's current session version. */
  private async session(user: UserRow): Promise<LoginView> {
    const claims: TokenClaims = { sub: user.id, role: user.role, ver: user.sessionVersion };
    const token = await this.jwt.signAsync(claims);
    return { _id: user.id, token, role: user.role, first_name: user.firstName, last_name: user.lastName, warehouse: user.warehouseId, language: languageOf(user.language) };
  }

  /** The user's view as `tx` sees it (for the audit trail's before/after). */
  private async viewIn(tx: DbOrTx, id: string): Promise<UserView> {
    return toUserView((await this.users.findById(id, tx))!);
  }

  private async require(id: string): Promise<UserWithWarehouse> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException('Staff member not found');
    return user;
  }

  private async assertEmailFree(email: string, exceptId?: string): Promise<void> {
    const other: UserRow | undefined = await this.users.findByEmail(email);
    if (other && other.id !== exceptId) throw new ConflictException(`The email ${email} is already registered`);
  }

  /** Resolves the warehouse: required for warehouseAdmin, and must be an active warehouse. */
  private async checkFields(dto: StaffFieldsDto): Promise<string | null> {
    // A warehouseAdmin without a warehouse would be scoped to no warehouse, i.e. to all of them.
    if (!dto.warehouse && dto.role === 'warehouseAdmin') throw new BadRequestException('Warehouse is required for a warehouse admin');
    if (!dto.warehouse) return null;
    const w = await this.warehouses.findActive(dto.warehouse);
    if (!w) throw new BadRequestException('The selected warehouse does not exist');
    return w.id;
  }
}

/** The audit trail's actor for a user who is not (yet) the request's signed-in user: one signing in. */
function actorOf(u: UserRow): AuditActor {
  return { id: u.id, name: `${u.firstName} ${u.lastName}`, role: u.role };
}

/** 400 naming one field, in the validation pipe's shape. */
function fieldError(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: [{ field, message }] });
}
