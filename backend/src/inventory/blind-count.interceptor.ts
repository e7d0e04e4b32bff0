import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import type { AuthUser } from '../common/auth/auth-user';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import { blindCounted, countingWarehouse, LevelConflictException } from './blind-count';

/**
 * Keeps the stock levels of a blind count's records out of the 409s its counters get (blind-count.ts):
 * a {@link LevelConflictException} about a record the signed-in user counts now answers its message
 * without the numbers. Every route, whichever posting found too little stock (a direct issue, a
 * transfer line or dispatch, a delivery, a reversal, an import's revert). Other errors, and every
 * error for a user who counts nothing, pass unchanged.
 */
@Injectable()
export class BlindCountErrorsInterceptor implements NestInterceptor {
  constructor(@Inject(DB) private readonly db: Database) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !countingWarehouse(user)) return next.handle();
    return next.handle().pipe(
      catchError(async (err: unknown) => {
        if (err instanceof LevelConflictException && (await blindCounted(this.db, user, err.inventoryIds)).size > 0) throw err.withoutLevels;
        throw err;
      }),
    );
  }
}
