import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';

/**
 * A member's standing in the community (ADR 047), in [floor, 1]: how much their report weighs, and whether their own
 * posts are left to an admin instead of being hidden by reports. Throwaway accounts cost nothing to make, so what
 * counts is what takes time or money to fake:
 *
 *   standing = clamp(floor, 1, age × contact + track)
 *   age      = account age / matureDays, at most 1 (an account minutes old ≈ 0)
 *   contact  = 1 with a verified mobile or e-mail, else unverified
 *   track    = perTrack × (delivered orders + the member's reports an admin upheld), at most trackMax
 */
export const STANDING = {
  floor: 0.05,
  matureDays: 30,
  unverified: 0.5,
  perTrack: 0.25,
  trackMax: 0.5,
  /** A member at or above this is established: reports never hide their posts or comments by themselves. */
  establishedAt: 0.75,
} as const;

/** Likes count toward trending only from accounts at least this old when they liked, with a verified contact. */
export const TRUSTED_LIKE_AGE = '24 hours';

export interface StandingFacts {
  createdAt: Date;
  verified: boolean;
  delivered: number;
  upheld: number;
}

export function standingOf(f: StandingFacts, now = clock.now()): number {
  const age = Math.min(1, Math.max(0, now.getTime() - f.createdAt.getTime()) / (STANDING.matureDays * 86_400_000));
  const contact = f.verified ? 1 : STANDING.unverified;
  const track = Math.min(STANDING.trackMax, STANDING.perTrack * (f.delivered + f.upheld));
  return Math.min(1, Math.max(STANDING.floor, age * contact + track));
}

/** The standing of `userId` (one query); the floor for an unknown account. */
export async function standing(db: DbOrTx, userId: string): Promise<number> {
  const res = await db.execute<{ created_at: string | Date; verified: boolean; delivered: number; upheld: number }>(sql`
    select u.created_at, (u.email_verified or u.mobile_verified) as verified,
      (select count(*)::int from orders o where o.user_id = u.id and o.status = 'delivered') as delivered,
      (select count(*)::int from community_reports r where r.reporter_id = u.id and r.status = 'upheld') as upheld
    from users u where u.id = ${userId}::uuid`);
  const row = res.rows[0];
  if (!row) return STANDING.floor;
  return standingOf({ createdAt: new Date(row.created_at), verified: row.verified, delivered: Number(row.delivered), upheld: Number(row.upheld) });
}

/**
 * The network a request came from: an IPv4 address, or an IPv6 address's /64 (one subscriber's block: a person
 * with IPv6 has billions of addresses in it). Null when there is no address.
 */
export function networkOf(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}

/** A keyed hash of the request's network, kept on a report instead of the address. */
export function networkHash(secret: string, ip: string | undefined | null): string | null {
  const net = networkOf(ip);
  return net ? createHmac('sha256', secret).update(`community-report-network:${net}`).digest('base64url') : null;
}
