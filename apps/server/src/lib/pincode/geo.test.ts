import { describe, expect, it } from 'vitest';
import { centroid, haversineKm } from './geo.ts';

describe('haversineKm', () => {
  it('is zero for the same point', () => {
    expect(haversineKm({ lat: 28.6, lon: 77.2 }, { lat: 28.6, lon: 77.2 })).toBe(0);
  });

  it('measures Delhi to Mumbai as about 1,150 km', () => {
    const d = haversineKm({ lat: 28.6139, lon: 77.209 }, { lat: 19.076, lon: 72.8777 });
    expect(d).toBeGreaterThan(1140);
    expect(d).toBeLessThan(1160);
  });

  it('measures one degree of latitude as about 111 km', () => {
    expect(haversineKm({ lat: 10, lon: 76 }, { lat: 11, lon: 76 })).toBeCloseTo(111.2, 0);
  });

  it('is symmetric', () => {
    const a = { lat: 8.5, lon: 76.9 };
    const b = { lat: 34.1, lon: 77.6 };
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
  });
});

describe('centroid', () => {
  it('is the mean of the points', () => {
    expect(centroid([{ lat: 10, lon: 70 }, { lat: 12, lon: 74 }])).toEqual({ lat: 11, lon: 72 });
  });

  it('is undefined for no points', () => {
    expect(centroid([])).toBeUndefined();
  });
});
