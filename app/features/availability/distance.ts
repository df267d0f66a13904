// docs/decisions/0060-crews-and-cleaner-holds.md: how far a cleaner is from a job, as the crow
// flies between suburb centres, and the average speed that turns it into travel time. Rough on
// purpose: it only orders cleaners who are otherwise alike. Pure and client-safe.

export type Place = { lat: number; lng: number };

/** Sydney's roads average about this, door to door, across a straight-line distance. */
export const TRAVEL_SPEED_KMH = 30;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance in kilometres. */
export function distanceKm(a: Place, b: Place) {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whole minutes to cover `km` at the stated speed. */
export function travelMinutes(km: number) {
  return Math.ceil((km / TRAVEL_SPEED_KMH) * 60);
}
