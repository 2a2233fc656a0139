import { OTP, tooManyRequestsMessage } from '@statewise/contract';
import { clock } from './clock.ts';
import { tooMany } from './errors.ts';

export interface RateRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
  /** What the 429 says: which kind of request was refused. */
  kind: 'otp' | 'login' | 'verify' | 'reset' | 'contact' | 'chatbot' | 'count';
}

const MINUTE = 60_000;

/**
 * The limits on auth and OTP routes (DESIGN.md, Security; ADRs 011, 046). Per IP they are generous because Indian
 * mobile carriers put many people behind one address (CGNAT). What is done to one contact (codes sent, codes
 * tried, passwords tried) is counted twice: tightly per contact and address — what one caller may do, so a
 * stranger's requests and guesses use up only their own allowance — and against the contact from all addresses
 * with a much higher ceiling. Reaching a ceiling is a proven attack from many places: addresses that have not
 * proven the contact are refused (with what to do instead); an address that has (lib/otp.ts, provenSource) is
 * held only to its own limits, so the owner still gets in.
 */
export const RATE_LIMITS = {
  /** Codes for one contact and purpose asked from one address, on top of the resend countdown. */
  otpSendPerContactIp: { limit: 5, windowMs: 60 * MINUTE, kind: 'otp' },
  /**
   * Codes for one contact and purpose from all addresses together: the ceiling against SMS/e-mail bombing. An
   * address that proved the contact may go past it (only the owner's own addresses: bombing stays bounded).
   */
  otpSendPerContact: { limit: 20, windowMs: 60 * MINUTE, kind: 'otp' },
  otpSendPerIp: { limit: 100, windowMs: 10 * MINUTE, kind: 'otp' },
  /** Wrong codes from one IP, across contacts. */
  otpWrongPerIp: { limit: 100, windowMs: 15 * MINUTE, kind: 'verify' },
  /** Tries at one code from one address (a code lives 10 minutes); all-address tries per code: OTP.maxAttemptsAllSources. */
  otpTriesPerCodeIp: { limit: OTP.maxAttempts, windowMs: OTP.ttlSeconds * 1000, kind: 'verify' },
  /**
   * Wrong codes for one contact and purpose from all addresses, across its codes: the guesses a contact can take
   * in an hour stay what the send ceiling and 5 tries a code allowed before (20 × 5).
   */
  otpWrongPerContact: { limit: 100, windowMs: 60 * MINUTE, kind: 'verify' },
  /** Failed password checks (password login, account deletion) for one contact from one address. */
  loginFailPerContactIp: { limit: 10, windowMs: 15 * MINUTE, kind: 'login' },
  /** Failed password checks for one contact from all addresses: a guesser spread over ten addresses or more. */
  loginFailPerContact: { limit: 100, windowMs: 60 * MINUTE, kind: 'login' },
  loginFailPerIp: { limit: 100, windowMs: 15 * MINUTE, kind: 'login' },
  /**
   * auth/reset-password calls from one address, and with one verification token (a token is one use; a few
   * tries cover a form sent twice).
   */
  resetPasswordPerIp: { limit: 30, windowMs: 15 * MINUTE, kind: 'reset' },
  resetPasswordPerToken: { limit: 5, windowMs: 15 * MINUTE, kind: 'reset' },
  /** Failed exchanges of the Google sign-in code (each code is 32 random bytes, good once, for two minutes). */
  googleCodeFailPerIp: { limit: 30, windowMs: 15 * MINUTE, kind: 'login' },
  /** Contact-form messages from one address: enough for a real conversation, not for flooding the inbox. */
  contactFormPerIp: { limit: 5, windowMs: 15 * MINUTE, kind: 'contact' },
  /** Chatbot questions from one address (each unanswered one is stored): a conversation's pace, not a script's. */
  chatbotPerIp: { limit: 30, windowMs: MINUTE, kind: 'chatbot' },
  /** A feed video's view or add-to-cart from one address counts once in half an hour (a reload is not a new view). */
  videoCountPerIp: { limit: 1, windowMs: 30 * MINUTE, kind: 'count' },
} as const satisfies Record<string, RateRule>;

/** A fixed window's count and when it ends (ms since the epoch). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/**
 * Where the counters live: this process's memory (one process, the default) or Redis (REDIS_URL), where every
 * process behind a load balancer shares them (redis-counters.ts).
 */
export interface RateCounters {
  /** The live window of `key`, or null when it has none. */
  read(key: string): Promise<WindowCount | null>;
  /** Counts one for `key`, opening a window of `windowMs` when it has none; gives the window after counting. */
  add(key: string, windowMs: number): Promise<WindowCount>;
  forget(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counters in this process's memory, on the app clock (tests travel in time with it). */
export class MemoryCounters implements RateCounters {
  private readonly windows = new Map<string, WindowCount>();
  private ops = 0;

  async read(key: string): Promise<WindowCount | null> {
    return this.live(key) ?? null;
  }

  async add(key: string, windowMs: number): Promise<WindowCount> {
    const now = clock.now().getTime();
    let window = this.live(key);
    if (window) window.count += 1;
    else this.windows.set(key, (window = { count: 1, resetAt: now + windowMs }));
    if (++this.ops % 1000 === 0) this.prune(now);
    return { ...window };
  }

  async forget(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private live(key: string): WindowCount | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= clock.now().getTime()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Fixed-window rate limits over a counter store; its callers do not know where the counters live. */
export class RateLimiter {
  constructor(readonly counters: RateCounters = new MemoryCounters()) {}

  /** Counts one request for `key` and answers 429 (with the wait) when that goes over the limit. */
  async hit(key: string, rule: RateRule): Promise<void> {
    await this.check(key, rule);
    await this.add(key, rule);
  }

  /** Answers 429 when `key` is already at its limit, without counting (check before the work, count failures after). */
  async check(key: string, rule: RateRule): Promise<void> {
    const seconds = await this.wait(key, rule);
    if (seconds) throw tooMany(tooManyRequestsMessage(rule.kind, seconds), seconds);
  }

  /** Seconds until `key` is under its limit again; 0 when it is under now. For a 429 that says more than `check`'s. */
  async wait(key: string, rule: RateRule): Promise<number> {
    const window = await this.counters.read(key);
    if (!window || window.count < rule.limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - clock.now().getTime()) / 1000));
  }

  /** Counts one request (or failure) for `key`; gives the count in the window, this one included. */
  async add(key: string, rule: Pick<RateRule, 'windowMs'>): Promise<number> {
    return (await this.counters.add(key, rule.windowMs)).count;
  }

  /**
   * Marks `key` as true for `ms` from now (again from now when it already was): a fact the limits depend on,
   * such as an address having proven a contact, kept where the counters are.
   */
  async remember(key: string, ms: number): Promise<void> {
    await this.counters.forget(key);
    await this.counters.add(key, ms);
  }

  /** Whether `key` was remembered and has not run out. */
  async remembers(key: string): Promise<boolean> {
    return (await this.counters.read(key)) !== null;
  }

  /** Forgets `key` (a successful login or verification). */
  async reset(key: string): Promise<void> {
    await this.counters.forget(key);
  }

  close(): Promise<void> {
    return this.counters.close();
  }
}
