export { centroid, EARTH_RADIUS_KM, haversineKm, type LatLon } from './geo.ts';
export {
  parsePincodeCsv,
  pincodeDirectory,
  PINCODE_CSV,
  type Located,
  type LocationSource,
  type Nearest,
  type PincodeDirectory,
  type PincodeEntry,
} from './directory.ts';
