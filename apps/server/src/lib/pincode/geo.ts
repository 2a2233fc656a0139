/** A point on the earth in decimal degrees (WGS84). */
export interface LatLon {
  lat: number;
  lon: number;
}

/** Mean radius of the earth in kilometres (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres between two points (haversine formula). */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The plain mean of some points; fine for points a few hundred km apart (a district, a postal region). */
export function centroid(points: readonly LatLon[]): LatLon | undefined {
  if (points.length === 0) return undefined;
  let lat = 0;
  let lon = 0;
  for (const p of points) {
    lat += p.lat;
    lon += p.lon;
  }
  return { lat: lat / points.length, lon: lon / points.length };
}
