import { readFileSync } from 'node:fs';
import path from 'node:path';
import { centroid, haversineKm, type LatLon } from './geo.ts';

/**
 * The India Post PIN directory shipped in the repo (apps/server/data/pincodes.csv, GODL-India: see PINCODES.md
 * beside it). One row per PIN: district, state and an approximate centre (missing for 125 PINs).
 * It replaces the spec's third-party pincode lookup and the maps service used for "use my current location".
 */
export interface PincodeEntry {
  pincode: string;
  district: string;
  state: string;
  /** The PIN's own centre; null when the directory has no usable coordinate for it. */
  point: LatLon | null;
}

/** Where a position came from, most precise first. */
export type LocationSource = 'pincode' | 'district' | 'region';

export interface Located {
  point: LatLon;
  source: LocationSource;
}

export interface Nearest {
  entry: PincodeEntry;
  distanceKm: number;
}

export interface PincodeDirectory {
  readonly size: number;
  get(pincode: string): PincodeEntry | undefined;
  /** Mean of the district's PINs that have coordinates. */
  districtCentre(state: string, district: string): LatLon | undefined;
  /**
   * A position for a PIN: its own centre; else (125 PINs, e.g. Kavaratti 682555) its district's centre; else,
   * for a PIN not in the directory at all, the centre of the PINs sharing its longest known prefix (3, 2 or
   * 1 digits: sorting district, postal region, postal zone). Undefined only for text that is not a PIN.
   */
  locate(pincode: string): Located | undefined;
  /** The directory PIN closest to a position, if one lies within `maxKm`. */
  nearest(point: LatLon, maxKm: number): Nearest | undefined;
}

/** Grid cell size in degrees for the nearest-PIN index (~55 km north-south). */
const CELL_DEG = 0.5;
const KM_PER_DEG_LAT = 111.2;

/** One number per grid cell; cells span latitude -90..90 and longitude -180..180 without collisions. */
const cellKey = (latCell: number, lonCell: number) => (latCell + 400) * 2000 + (lonCell + 1000);

/** Builds the directory from the CSV text (`pincode,district,state,latitude,longitude`, header first). */
export function parsePincodeCsv(text: string): PincodeDirectory {
  const byPin = new Map<string, PincodeEntry>();
  const districtPoints = new Map<string, LatLon[]>();
  const prefixPoints = new Map<string, LatLon[]>();
  const grid = new Map<number, PincodeEntry[]>();

  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    if (!line) continue;
    const [pincode, district, state, latText, lonText] = line.split(',');
    if (!pincode || !district || !state) continue;
    const lat = latText ? Number(latText) : NaN;
    const lon = lonText ? Number(lonText) : NaN;
    const point = Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
    const entry: PincodeEntry = { pincode, district, state, point };
    byPin.set(pincode, entry);
    if (!point) continue;
    const dKey = `${state}|${district}`;
    (districtPoints.get(dKey) ?? districtPoints.set(dKey, []).get(dKey)!).push(point);
    for (let n = 1; n <= 3; n++) {
      const p = pincode.slice(0, n);
      (prefixPoints.get(p) ?? prefixPoints.set(p, []).get(p)!).push(point);
    }
    const key = cellKey(Math.floor(lat / CELL_DEG), Math.floor(lon / CELL_DEG));
    (grid.get(key) ?? grid.set(key, []).get(key)!).push(entry);
  }

  const districtCentres = new Map<string, LatLon>();
  for (const [key, points] of districtPoints) districtCentres.set(key, centroid(points)!);
  const prefixCentres = new Map<string, LatLon>();
  for (const [key, points] of prefixPoints) prefixCentres.set(key, centroid(points)!);

  const districtCentre = (state: string, district: string) => districtCentres.get(`${state}|${district}`);

  return {
    size: byPin.size,
    get: (pincode) => byPin.get(pincode),
    districtCentre,
    locate(pincode) {
      const entry = byPin.get(pincode);
      if (entry?.point) return { point: entry.point, source: 'pincode' };
      if (entry) {
        const centre = districtCentre(entry.state, entry.district);
        if (centre) return { point: centre, source: 'district' };
      }
      if (!/^\d{6}$/.test(pincode)) return undefined;
      for (let n = 3; n >= 1; n--) {
        const centre = prefixCentres.get(pincode.slice(0, n));
        if (centre) return { point: centre, source: 'region' };
      }
      return undefined;
    },
    nearest(point, maxKm) {
      // Look only at grid cells that can hold a PIN within maxKm: a box of ±maxKm around the point.
      const latSpan = maxKm / KM_PER_DEG_LAT;
      const cosLat = Math.max(0.01, Math.cos((Math.min(89, Math.abs(point.lat)) * Math.PI) / 180));
      const lonSpan = Math.min(180, latSpan / cosLat);
      const lat0 = Math.floor((point.lat - latSpan) / CELL_DEG);
      const lat1 = Math.floor((point.lat + latSpan) / CELL_DEG);
      const lon0 = Math.floor((point.lon - lonSpan) / CELL_DEG);
      const lon1 = Math.floor((point.lon + lonSpan) / CELL_DEG);
      let best: Nearest | undefined;
      for (let a = lat0; a <= lat1; a++) {
        for (let b = lon0; b <= lon1; b++) {
          const cell = grid.get(cellKey(a, b));
          if (!cell) continue;
          for (const entry of cell) {
            const d = haversineKm(point, entry.point!);
            if (d <= maxKm && (!best || d < best.distanceKm || (d === best.distanceKm && entry.pincode < best.entry.pincode))) {
              best = { entry, distanceKm: d };
            }
          }
        }
      }
      return best;
    },
  };
}

/** The shipped CSV (apps/server/data/pincodes.csv). */
export const PINCODE_CSV = path.resolve(import.meta.dirname, '../../../data/pincodes.csv');

let shared: PincodeDirectory | undefined;

/** The repo's directory, read and indexed once on first use (~19.6k rows, a few tens of milliseconds). */
export function pincodeDirectory(): PincodeDirectory {
  return (shared ??= parsePincodeCsv(readFileSync(PINCODE_CSV, 'utf8')));
}
