import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PINCODE_CSV, parsePincodeCsv, pincodeDirectory } from './directory.ts';
import { haversineKm } from './geo.ts';

const sample = [
  'pincode,district,state,latitude,longitude',
  '110001,New Delhi,Delhi,28.6227,77.2195',
  '110004,New Delhi,Delhi,28.6211,77.1961',
  '110005,Central,Delhi,28.6500,77.1900',
  '110099,New Delhi,Delhi,,',
  '400001,Mumbai,Maharashtra,18.9400,72.8350',
  '',
].join('\n');

describe('parsePincodeCsv', () => {
  const dir = parsePincodeCsv(sample);

  it('reads every row with its district, state and centre', () => {
    expect(dir.size).toBe(5);
    expect(dir.get('110001')).toEqual({ pincode: '110001', district: 'New Delhi', state: 'Delhi', point: { lat: 28.6227, lon: 77.2195 } });
  });

  it('keeps a PIN without coordinates with a null centre', () => {
    expect(dir.get('110099')?.point).toBeNull();
  });

  it('gives undefined for a PIN it does not hold', () => {
    expect(dir.get('999999')).toBeUndefined();
  });

  it('centres a district on the mean of its PINs with coordinates', () => {
    const c = dir.districtCentre('Delhi', 'New Delhi')!;
    expect(c.lat).toBeCloseTo(28.6219, 4);
    expect(c.lon).toBeCloseTo(77.2078, 4);
  });

  it('locates a PIN by its own centre first', () => {
    expect(dir.locate('400001')).toEqual({ point: { lat: 18.94, lon: 72.835 }, source: 'pincode' });
  });

  it('locates a PIN without coordinates at its district centre', () => {
    const located = dir.locate('110099')!;
    expect(located.source).toBe('district');
    expect(located.point).toEqual(dir.districtCentre('Delhi', 'New Delhi'));
  });

  it('locates a PIN missing from the directory by the PINs sharing its prefix', () => {
    const located = dir.locate('110077')!;
    expect(located.source).toBe('region');
    expect(located.point.lat).toBeCloseTo((28.6227 + 28.6211 + 28.65) / 3, 4);
    expect(dir.locate('400123')?.point).toEqual({ lat: 18.94, lon: 72.835 });
  });

  it('cannot locate text that is not a PIN', () => {
    expect(dir.locate('abc')).toBeUndefined();
    expect(dir.locate('900001')).toBeUndefined();
  });

  it('finds the nearest PIN to a position within the radius', () => {
    const hit = dir.nearest({ lat: 28.649, lon: 77.191 }, 100)!;
    expect(hit.entry.pincode).toBe('110005');
    expect(hit.distanceKm).toBeLessThan(1);
  });

  it('finds nothing when every PIN is beyond the radius', () => {
    expect(dir.nearest({ lat: 23, lon: 75 }, 100)).toBeUndefined();
  });

  it('never returns a PIN without coordinates as the nearest', () => {
    expect(dir.nearest({ lat: 28.6219, lon: 77.2078 }, 100)?.entry.pincode).not.toBe('110099');
  });
});

describe('the shipped directory', () => {
  const dir = pincodeDirectory();

  it('holds every PIN of the India Post snapshot', () => {
    expect(dir.size).toBe(19586);
    expect(dir.get('110001')).toMatchObject({ district: 'New Delhi', state: 'Delhi' });
    expect(dir.get('560001')).toMatchObject({ district: 'Bengaluru Urban', state: 'Karnataka' });
  });

  it('places Kavaratti (682555, no coordinates) at the centre of Lakshadweep District', () => {
    const located = dir.locate('682555')!;
    expect(located.source).toBe('district');
    expect(located.point).toEqual(dir.districtCentre('Lakshadweep', 'Lakshadweep District'));
    // The islands lie about 200-450 km off the Kerala coast.
    expect(located.point.lon).toBeLessThan(74);
  });

  it('finds a Connaught Place PIN for a position in Connaught Place', () => {
    const hit = dir.nearest({ lat: 28.6315, lon: 77.2167 }, 100)!;
    expect(hit.entry.state).toBe('Delhi');
    expect(hit.distanceKm).toBeLessThan(3);
  });

  it('finds nothing near London', () => {
    expect(dir.nearest({ lat: 51.5, lon: -0.12 }, 100)).toBeUndefined();
  });

  it('agrees with a linear scan for random positions over India', () => {
    const all = readFileSync(PINCODE_CSV, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .filter((f) => f[3])
      .map((f) => ({ pincode: f[0]!, point: { lat: Number(f[3]), lon: Number(f[4]) } }));
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let found = 0;
    for (let i = 0; i < 40; i++) {
      const point = { lat: 8 + rand() * 26, lon: 69 + rand() * 27 };
      let best = Infinity;
      for (const e of all) best = Math.min(best, haversineKm(point, e.point));
      const hit = dir.nearest(point, 100);
      if (best > 100) expect(hit).toBeUndefined();
      else {
        found++;
        expect(hit?.distanceKm).toBeCloseTo(best, 9);
      }
    }
    expect(found).toBeGreaterThan(10);
  });

  it('answers a nearest query without scanning the whole directory (under 1 ms each)', () => {
    const started = performance.now();
    for (let i = 0; i < 1000; i++) dir.nearest({ lat: 12 + (i % 20) * 0.7, lon: 74 + (i % 17) * 0.9 }, 100);
    expect((performance.now() - started) / 1000).toBeLessThan(1);
  });
});
