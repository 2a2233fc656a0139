import { describe, expect, it } from 'vitest';
import { networkOf, STANDING, standingOf } from './standing.ts';

const now = new Date('2026-12-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const DAY = 86_400_000;

describe('standingOf', () => {
  it('gives an account minutes old the floor, verified or not', () => {
    expect(standingOf({ createdAt: ago(5 * 60_000), verified: true, delivered: 0, upheld: 0 }, now)).toBe(STANDING.floor);
  });

  it('grows with age to 1 at 30 days for a verified contact, half without', () => {
    expect(standingOf({ createdAt: ago(15 * DAY), verified: true, delivered: 0, upheld: 0 }, now)).toBeCloseTo(0.5);
    expect(standingOf({ createdAt: ago(90 * DAY), verified: true, delivered: 0, upheld: 0 }, now)).toBe(1);
    expect(standingOf({ createdAt: ago(90 * DAY), verified: false, delivered: 0, upheld: 0 }, now)).toBe(0.5);
  });

  it('adds a track record of delivered orders and upheld reports, up to half', () => {
    expect(standingOf({ createdAt: ago(60_000), verified: true, delivered: 1, upheld: 0 }, now)).toBeCloseTo(0.25, 2);
    expect(standingOf({ createdAt: ago(90 * DAY), verified: false, delivered: 3, upheld: 4 }, now)).toBe(1);
  });
});

describe('networkOf', () => {
  it('keeps an IPv4 address, unwraps a mapped one, and takes an IPv6 address’s /64', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:0db8:0001:0002::/64');
    expect(networkOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:0db8:0001:0002::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(networkOf('')).toBeNull();
    expect(networkOf('not an address')).toBeNull();
  });
});
