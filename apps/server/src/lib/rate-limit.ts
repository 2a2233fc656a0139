import { tooManyRequestsMessage } from '@statewise/contract';
import { clock } from './clock.ts';
import { tooMany } from './errors.ts';

export interface RateRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
  /** What the 429 says: which kind of request was refused. */
  kind: 'otp' | 'login' | 'verify';
}

const MINUTE = 60_000;

/**
 * The limits on auth and OTP routes (DESIGN.md, Security). Per contact they stop SMS/e-mail bombing and
 * guessing against one account; per IP they are generous because Indian mobile carriers put many people
 * behind one address (CGNAT). A successful login or verification clears the contact's counters.
 */
export const RATE_LIMITS = {
  /** Codes sent to one contact (any purpose), on top of the resend countdown. */
  otpSendPerContact: { limit: 6, windowMs: 60 * MINUTE, kind: 'otp' },
  otpSendPerIp: { limit: 100, windowMs: 10 * MINUTE, kind: 'otp' },
  /** Wrong codes from one IP, across contacts (each code also dies after 5 wrong tries). */
  otpWrongPerIp: { limit: 100, windowMs: 15 * MINUTE, kind: 'verify' },
  /** Failed password checks (password login, account deletion). */
  loginFailPerContact: { limit: 10, windowMs: 15 * MINUTE, kind: 'login' },
  loginFailPerIp: { limit: 100, windowMs: 15 * MINUTE, kind: 'login' },
} as const satisfies Record<string, RateRule>;

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in this process's memory. That is right for the one-process deployment
 * (the default); several processes behind a load balancer would each count separately, so at that scale
 * this class is the place to back the counters with Redis (REDIS_URL) — its callers would not change.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private ops = 0;

  /** Counts one request for `key` and answers 429 (with the wait) when it goes over the limit. */
  hit(key: string, rule: RateRule): void {
    this.check(key, rule);
    this.add(key, rule);
  }

  /** Answers 429 when `key` is already at its limit, without counting (check before the work, count failures after). */
  check(key: string, rule: RateRule): void {
    const bucket = this.live(key);
    if (bucket && bucket.count >= rule.limit) {
      const seconds = Math.max(1, Math.ceil((bucket.resetAt - clock.now().getTime()) / 1000));
      throw tooMany(tooManyRequestsMessage(rule.kind, seconds), seconds);
    }
  }

  /** Counts one request (or failure) for `key`. */
  add(key: string, rule: RateRule): void {
    const now = clock.now().getTime();
    const bucket = this.live(key);
    if (bucket) bucket.count += 1;
    else this.buckets.set(key, { count: 1, resetAt: now + rule.windowMs });
    if (++this.ops % 1000 === 0) this.prune(now);
  }

  /** Forgets `key` (a successful login or verification). */
  reset(key: string): void {
    this.buckets.delete(key);
  }

  private live(key: string): Bucket | undefined {
    const bucket = this.buckets.get(key);
    if (bucket && bucket.resetAt <= clock.now().getTime()) {
      this.buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}
