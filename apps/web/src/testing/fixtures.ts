import type {
  Category,
  CategoryField,
  ClientConfig,
  CurrentUser,
  Photo,
  PlaceListItem,
} from '@karta/contracts';

/** A published place as the API lists it, with overrides. */
export function listedPlace(overrides: Partial<PlaceListItem> = {}): PlaceListItem {
  return {
    id: 42,
    externalId: null,
    name: { hr: 'Gradska ljekarna Centar', en: 'City Pharmacy Centre' },
    description: { hr: 'Otvoreno 0–24.', en: 'Open around the clock.\nEntrance from the yard.' },
    primaryLanguage: 'hr',
    categoryId: 1,
    category: 'pharmacy',
    lat: 45.812345,
    lng: 15.977891,
    radius: null,
    locationPrivacy: 'exact',
    address: 'Ilica 1, Zagreb',
    phone: null,
    email: null,
    website: null,
    openingHours: null,
    openState: { state: 'unknown', nextChange: null, until: null, comment: null },
    extra: {},
    lastConfirmedAt: '2025-02-01T10:00:00.000Z',
    stale: false,
    status: 'published',
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-02-01T10:00:00.000Z',
    publishedAt: '2025-01-02T10:00:00.000Z',
    version: 1,
    distance: 1234,
    ...overrides,
  };
}

/** A signed-in user as `GET /api/v1/auth/me` answers, with overrides. */
export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    email: 'ana@example.org',
    displayName: 'Ana Kovač',
    role: 'contributor',
    emailVerified: true,
    ...overrides,
  };
}

/**
 * The runtime config tests run with unless they give their own: the default languages, the open
 * map, no e-mail (as a site without SMTP_URL), the built-in address search.
 */
export function testConfig(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    mapEngine: 'leaflet',
    defaultCenter: { lat: 45.8, lng: 16 },
    defaultZoom: 10,
    minZoom: 3,
    maxZoom: 18,
    tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
    tileAttribution: '© OpenStreetMap',
    basemap: { kind: 'raster' },
    languages: ['hr', 'en'],
    defaultLanguage: 'en',
    timeZone: 'Europe/Zagreb',
    publicUrl: null,
    mail: false,
    signIn: { password: true, providers: [] },
    geocoder: { attribution: 'GeoNames (CC BY 4.0)', searchOnEnterOnly: false },
    sentry: { dsn: null, environment: 'test', release: 'test' },
    google: null,
    ...overrides,
  };
}

/** A photo as the API answers it, its files at the server's addresses for `id`, with overrides. */
export function photoRecord(id: number, overrides: Partial<Photo> = {}): Photo {
  return {
    id,
    placeId: 42,
    status: 'published',
    width: 1200,
    height: 800,
    urls: { thumb: `/api/v1/photos/${id}/thumb.webp`, large: `/api/v1/photos/${id}/large.webp` },
    alt: {},
    licence: 'CC-BY-4.0',
    author: null,
    version: 1,
    createdAt: '2026-01-01T10:00:00.000Z',
    own: false,
    ...overrides,
  };
}

/** The test defibrillators' "Access": a filterable choice of Public or Private, in English and Croatian. */
export function accessField(overrides: Partial<CategoryField> = {}): CategoryField {
  return {
    key: 'access',
    type: 'enum',
    label: { en: 'Access', hr: 'Pristup' },
    filterable: true,
    options: [
      { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
      { value: 'private', label: { en: 'Private', hr: 'Privatno' } },
    ],
    ...overrides,
  };
}

/** The test defibrillators' "Indoor": a filterable yes/no. */
export function indoorField(overrides: Partial<CategoryField> = {}): CategoryField {
  return {
    key: 'indoor',
    type: 'boolean',
    label: { en: 'Indoor', hr: 'U zatvorenom' },
    filterable: true,
    ...overrides,
  };
}

/** A defibrillator category with Access and Indoor (see above), as the API gives it, with overrides. */
export function defibrillatorCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: 3,
    slug: 'defibrillator',
    name: { en: 'Defibrillator', hr: 'Defibrilator' },
    color: '#b91c1c',
    icon: 'heart-pulse',
    fields: [accessField(), indoorField()],
    removedFields: [],
    notes: 'postmoderated',
    ...overrides,
  };
}
