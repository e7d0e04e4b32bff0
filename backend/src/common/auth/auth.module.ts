import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig, resolveJwtSecret } from '../../config/app-config';
import { AuthRolesGuard } from './auth.guard';
import { AuthUsers } from './auth-users';
import { JwtStrategy } from './jwt.strategy';
import { JWT_ALGORITHM } from './token-claims';

/** Token signing and verification, and the global deny-by-default guard. */
@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: resolveJwtSecret(config),
        signOptions: {
          algorithm: JWT_ALGORITHM,
          expiresIn: (/^\d+$/.test(config.JWT_EXPIRES_IN) ? Number(config.JWT_EXPIRES_IN) : config.JWT_EXPIRES_IN) as never,
        },
        verifyOptions: { algorithms: [JWT_ALGORITHM] },
      }),
    }),
  ],
  providers: [AuthUsers, JwtStrategy, { provide: APP_GUARD, useClass: AuthRolesGuard }],
  exports: [JwtModule, AuthUsers, JwtStrategy],
})
export class AuthModule {}
