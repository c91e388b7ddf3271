// The geo fixture server's places (test/geo-fixture-server.ts): a handful of landmarks, mostly Indian, with the
// address parts Nominatim and Photon give them, and the geometry its answers are computed with.

type FixturePlace = {
  osmId: number;
  name: string;
  street: string;
  suburb: string;
  /** Nominatim puts smaller places under town or village instead of city. */
  placeKey: 'city' | 'town' | 'village';
  city: string;
  state: string;
  postcode: string;
  country: string;
  countryCode: string;
  lat: number;
  lng: number;
};

export const FIXTURE_PLACES: readonly FixturePlace[] = [
  {
    osmId: 1001,
    name: 'India Gate',
    street: 'Kartavya Path',
    suburb: 'Rajpath Area',
    placeKey: 'city',
    city: 'New Delhi',
    state: 'Delhi',
    postcode: '110001',
    country: 'India',
    countryCode: 'IN',
    lat: 28.6129,
    lng: 77.2295,
  },
  {
    osmId: 1002,
    name: 'Gateway of India',
    street: 'Apollo Bandar',
    suburb: 'Colaba',
    placeKey: 'city',
    city: 'Mumbai',
    state: 'Maharashtra',
    postcode: '400001',
    country: 'India',
    countryCode: 'IN',
    lat: 18.922,
    lng: 72.8347,
  },
  {
    osmId: 1003,
    name: 'Hawa Mahal',
    street: 'Hawa Mahal Road',
    suburb: 'Badi Choupad',
    placeKey: 'city',
    city: 'Jaipur',
    state: 'Rajasthan',
    postcode: '302002',
    country: 'India',
    countryCode: 'IN',
    lat: 26.9239,
    lng: 75.8267,
  },
  {
    osmId: 1004,
    name: 'Victoria Memorial',
    street: 'Queens Way',
    suburb: 'Maidan',
    placeKey: 'city',
    city: 'Kolkata',
    state: 'West Bengal',
    postcode: '700071',
    country: 'India',
    countryCode: 'IN',
    lat: 22.5448,
    lng: 88.3426,
  },
  {
    osmId: 1005,
    name: 'Charminar',
    street: 'Charminar Road',
    suburb: 'Ghansi Bazaar',
    placeKey: 'city',
    city: 'Hyderabad',
    state: 'Telangana',
    postcode: '500002',
    country: 'India',
    countryCode: 'IN',
    lat: 17.3616,
    lng: 78.4747,
  },
  {
    osmId: 1006,
    name: 'Marina Beach',
    street: 'Kamarajar Salai',
    suburb: 'Triplicane',
    placeKey: 'city',
    city: 'Chennai',
    state: 'Tamil Nadu',
    postcode: '600005',
    country: 'India',
    countryCode: 'IN',
    lat: 13.05,
    lng: 80.2824,
  },
  {
    osmId: 1007,
    name: 'Virupaksha Temple',
    street: 'Hampi Bazaar Road',
    suburb: 'Hampi Bazaar',
    placeKey: 'village',
    city: 'Hampi',
    state: 'Karnataka',
    postcode: '583239',
    country: 'India',
    countryCode: 'IN',
    lat: 15.335,
    lng: 76.46,
  },
  {
    // Outside India: place search restricted to IN must never answer it.
    osmId: 2001,
    name: 'Gateway Arch',
    street: 'Market Street',
    suburb: 'Downtown',
    placeKey: 'city',
    city: 'St. Louis',
    state: 'Missouri',
    postcode: '63102',
    country: 'United States',
    countryCode: 'US',
    lat: 38.6247,
    lng: -90.1848,
  },
];

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

export function haversine(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

export function bearing(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const y = Math.sin(rad(b.lng - a.lng)) * Math.cos(rad(b.lat));
  const x =
    Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) -
    Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lng - a.lng));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360);
}

export function nearest(point: { lat: number; lng: number }, withinMeters: number): FixturePlace | undefined {
  let best: { place: FixturePlace; distance: number } | undefined;
  for (const place of FIXTURE_PLACES) {
    const distance = haversine(point, place);
    if (distance <= withinMeters && (!best || distance < best.distance)) best = { place, distance };
  }
  return best?.place;
}
