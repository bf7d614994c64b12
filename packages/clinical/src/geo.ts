/** Mean Earth radius in kilometres (IUGG), the usual constant for the haversine distance. */
export const EARTH_RADIUS_KM = 6371.0088;

export type LatLng = { lat: number; lng: number };

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres between two positions (haversine; good to ~0.5 % for "near me"). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min() guards rounding just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Items with their distance from `from`, nearest first; items without a position come last (distance null) in their
 * original order. Ties keep the input order (stable sort).
 */
export function nearestFirst<T>(
  items: readonly T[],
  from: LatLng,
  positionOf: (item: T) => LatLng | null,
): Array<{ item: T; distanceKm: number | null }> {
  const withDistance = items.map((item) => {
    const p = positionOf(item);
    return { item, distanceKm: p ? haversineKm(from, p) : null };
  });
  return withDistance.sort((x, y) => (x.distanceKm ?? Infinity) - (y.distanceKm ?? Infinity));
}
