import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Failed sign-ins allowed per email and client address within the window (issue: 5 per 15 min). */
export const LOGIN_FAILURES_ALLOWED = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/** Counts failed sign-ins per email and address with rate-limiter-flexible; 429 once exceeded. */
@Injectable()
export class LoginLimiter {
  private readonly limiter = new RateLimiterMemory({ points: LOGIN_FAILURES_ALLOWED, duration: LOGIN_WINDOW_SECONDS });

  private key(email: string, ip: string): string {
    return `${email.toLowerCase()}|${ip}`;
  }

  /** Throws 429 when the email and address have used up their failures. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const res = await this.limiter.get(this.key(email, ip));
    if (res && res.consumedPoints >= LOGIN_FAILURES_ALLOWED) throw this.tooMany(res);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.limiter.penalty(this.key(email, ip), 1);
  }

  async reset(email: string, ip: string): Promise<void> {
    await this.limiter.delete(this.key(email, ip));
  }

  private tooMany(res: RateLimiterRes): HttpException {
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60000));
    return new HttpException(`Too many failed sign-in attempts. Try again in ${minutes} minute(s).`, HttpStatus.TOO_MANY_REQUESTS);
  }
}
