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
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import type { AuthUser } from '../common/auth/auth-user';
import { pageWindow } from '../common/http/pagination.dto';
import { WarehousesRepository } from '../warehouses/warehouses.repository';
import type { LoginView, RegisterUserDto, StaffFieldsDto, UpdateUserDto, UserListQueryDto, UserView } from './dto/user.dto';
import { LoginLimiter } from './login-limiter';
import { UsersRepository, type UserRow, type UserWithWarehouse } from './users.repository';

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
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

/** Staff rules (spec 5 Staff, spec 7 Users): sign-in, registration, updates, soft removal. */
@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly warehouses: WarehousesRepository,
    private readonly jwt: JwtService,
    private readonly limiter: LoginLimiter,
    private readonly config: AppConfig,
  ) {}

  /** On an empty database, creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD (or a printed random password). */
  async onApplicationBootstrap(): Promise<void> {
    if ((await this.users.countAll()) > 0) return;
    const email = this.config.ADMIN_EMAIL ?? 'admin@example.com';
    const password = this.config.ADMIN_PASSWORD ?? `${randomBytes(9).toString('base64url')}aA1!`;
    await this.users.insert({
      firstName: 'Admin',
      lastName: 'User',
      email,
      phone: '000000000',
      role: 'admin',
      passwordHash: await argon2.hash(password),
    });
    if (!this.config.ADMIN_PASSWORD) {
      this.logger.warn(`Created the first admin ${email} with the generated password: ${password} (shown once)`);
    } else {
      this.logger.log(`Created the first admin ${email}`);
    }
  }

  /** Signs in; wrong credentials answer 401, and 5 failures per email and address in 15 minutes answer 429. */
  async login(email: string, password: string, ip: string): Promise<LoginView> {
    await this.limiter.assertAllowed(email, ip);
    const user = await this.users.findByEmail(email);
    const valid = !!user && !user.removed && (await argon2.verify(user.passwordHash, password));
    if (!user || !valid) {
      await this.limiter.recordFailure(email, ip);
      throw new UnauthorizedException('Invalid email or password');
    }
    await this.limiter.reset(email, ip);
    const token = await this.jwt.signAsync({ sub: user.id, role: user.role });
    return { _id: user.id, token, role: user.role, first_name: user.firstName, last_name: user.lastName, warehouse: user.warehouseId };
  }

  async get(id: string): Promise<UserView> {
    return toUserView(await this.require(id));
  }

  async list(q: UserListQueryDto, removed: boolean): Promise<{ users: UserView[]; total_count: number }> {
    const page = await this.users.list({ removed, search: q.search?.trim() || undefined, ...pageWindow(q) });
    return { users: page.rows.map(toUserView), total_count: page.total };
  }

  /** Registers staff; duplicate email answers 409, unknown warehouse 400. */
  async register(dto: RegisterUserDto): Promise<UserView> {
    const warehouseId = await this.checkFields(dto);
    await this.assertEmailFree(dto.email);
    const row = await this.users.insert({
      firstName: dto.first_name,
      lastName: dto.last_name,
      email: dto.email,
      phone: dto.phone,
      role: dto.role,
      warehouseId,
      passwordHash: await argon2.hash(dto.password),
    });
    return this.get(row.id);
  }

  /** Updates staff detail; one's own account answers 403 "Can't update for yourself" (spec 5). */
  async update(actor: AuthUser, id: string, dto: UpdateUserDto): Promise<UserView> {
    if (dto.id && dto.id !== id) throw new BadRequestException('The id in the body does not match the path');
    if (actor.id === id) throw new ForbiddenException("Can't update for yourself");
    const existing = await this.require(id);
    const warehouseId = await this.checkFields(dto);
    if (existing.email.toLowerCase() !== dto.email.toLowerCase()) await this.assertEmailFree(dto.email);
    await this.users.update(id, {
      firstName: dto.first_name,
      lastName: dto.last_name,
      email: dto.email,
      phone: dto.phone,
      role: dto.role,
      warehouseId,
    });
    return this.get(id);
  }

  /** Soft-removes a user; their tokens stop working. */
  async setRemoved(actor: AuthUser, id: string, removed: boolean): Promise<UserView> {
    if (removed && actor.id === id) throw new ForbiddenException("You can't remove yourself");
    const user = await this.require(id);
    if (user.removed === removed) {
      throw new ConflictException(removed ? 'This staff member is already removed' : 'This staff member is already active');
    }
    if (!removed) await this.assertEmailFree(user.email, id);
    await this.users.update(id, { removed });
    return this.get(id);
  }

  async resetPassword(userId: string, password: string): Promise<UserView> {
    await this.require(userId);
    await this.users.update(userId, { passwordHash: await argon2.hash(password) });
    return this.get(userId);
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
    const w = await this.warehouses.findById(dto.warehouse);
    if (!w || w.removed) throw new BadRequestException('The selected warehouse does not exist');
    return w.id;
  }
}
