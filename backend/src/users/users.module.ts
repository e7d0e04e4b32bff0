import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { WarehousesModule } from '../warehouses/warehouses.module';
import { LoginLimiter } from './login-limiter';
import { PasswordHasher } from './password-hasher';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Staff: sign-in, registration and management. */
@Module({
  imports: [WarehousesModule, AuditModule],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, LoginLimiter, PasswordHasher],
})
export class UsersModule {}
