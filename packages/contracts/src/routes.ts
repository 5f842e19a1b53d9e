/** What a call of an endpoint carries besides its answer, in the order the client's methods take them. */
export type RouteArg = 'id' | 'body' | 'query';

/** Where an endpoint is and what a call of it carries: the request without its schemas. */
export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** OpenAPI's `{param}` form, as in the endpoints table. */
  path: string;
  args: readonly RouteArg[];
}

/**
 * Every endpoint's route, as a browser builds its request, without a schema: the home page calls
 * the API before zod and the contracts' schemas have loaded (decision 019). The endpoints table
 * (endpoints.ts) takes each route as it is and adds its schemas; a test checks that each route's
 * `args` match its entry's `params` / `body` / `query`.
 */
export const routes = {
  health: { method: 'GET', path: '/api/v1/health', args: [] },
  config: { method: 'GET', path: '/api/v1/config', args: [] },
  openApi: { method: 'GET', path: '/api/v1/openapi.json', args: [] },
  categories: { method: 'GET', path: '/api/v1/categories', args: [] },
  map: { method: 'GET', path: '/api/v1/map', args: ['query'] },
  listPlaces: { method: 'GET', path: '/api/v1/places', args: ['query'] },
  suggestPlaces: { method: 'GET', path: '/api/v1/places/suggestions', args: ['query'] },
  similarPlaces: { method: 'GET', path: '/api/v1/places/similar', args: ['query'] },
  getPlace: { method: 'GET', path: '/api/v1/places/{id}', args: ['id'] },
  previewHours: { method: 'GET', path: '/api/v1/opening-hours', args: ['query'] },
  geocode: { method: 'GET', path: '/api/v1/geocode', args: ['query'] },
  reverseGeocode: { method: 'GET', path: '/api/v1/geocode/reverse', args: ['query'] },
  register: { method: 'POST', path: '/api/v1/auth/register', args: ['body'] },
  confirmRegistration: { method: 'POST', path: '/api/v1/auth/register/confirm', args: ['body'] },
  login: { method: 'POST', path: '/api/v1/auth/login', args: ['body'] },
  logout: { method: 'POST', path: '/api/v1/auth/logout', args: [] },
  me: { method: 'GET', path: '/api/v1/auth/me', args: [] },
  requestPasswordReset: { method: 'POST', path: '/api/v1/auth/password-reset', args: ['body'] },
  confirmPasswordReset: { method: 'POST', path: '/api/v1/auth/password-reset/confirm', args: ['body'] },
  changePassword: { method: 'POST', path: '/api/v1/auth/password', args: ['body'] },
  listSessions: { method: 'GET', path: '/api/v1/auth/sessions', args: [] },
  endSession: { method: 'DELETE', path: '/api/v1/auth/sessions/{id}', args: ['id'] },
  verifyEmail: { method: 'POST', path: '/api/v1/auth/verify-email', args: ['body'] },
  resendVerification: { method: 'POST', path: '/api/v1/auth/verify-email/resend', args: [] },
  notificationSettings: { method: 'GET', path: '/api/v1/auth/notifications', args: [] },
  updateNotificationSettings: { method: 'PUT', path: '/api/v1/auth/notifications', args: ['body'] },
  unsubscribe: { method: 'POST', path: '/api/v1/unsubscribe', args: ['body'] },
  createFollow: { method: 'POST', path: '/api/v1/follows', args: ['body'] },
  confirmFollow: { method: 'POST', path: '/api/v1/follows/confirm', args: ['body'] },
  listFollows: { method: 'GET', path: '/api/v1/follows', args: ['query'] },
  endFollow: { method: 'DELETE', path: '/api/v1/follows/{id}', args: ['id', 'query'] },
  createPlace: { method: 'POST', path: '/api/v1/places', args: ['body'] },
  updatePlace: { method: 'PATCH', path: '/api/v1/places/{id}', args: ['id', 'body'] },
  transitionPlace: { method: 'POST', path: '/api/v1/places/{id}/transition', args: ['id', 'body'] },
  placeHistory: { method: 'GET', path: '/api/v1/places/{id}/history', args: ['id'] },
  flagPlace: { method: 'POST', path: '/api/v1/places/{id}/flags', args: ['id', 'body'] },
  createNote: { method: 'POST', path: '/api/v1/places/{id}/notes', args: ['id', 'body'] },
  listNotes: { method: 'GET', path: '/api/v1/places/{id}/notes', args: ['id', 'query'] },
  transitionNote: { method: 'POST', path: '/api/v1/notes/{id}/transition', args: ['id', 'body'] },
  pendingNotes: { method: 'GET', path: '/api/v1/notes/pending', args: ['query'] },
  confirmNote: { method: 'POST', path: '/api/v1/notes/confirm', args: ['body'] },
  confirmPlace: { method: 'POST', path: '/api/v1/places/{id}/confirmations', args: ['id', 'body'] },
  needsChecking: { method: 'GET', path: '/api/v1/places/needs-checking', args: ['query'] },
  listFlags: { method: 'GET', path: '/api/v1/flags', args: ['query'] },
  resolveFlag: { method: 'POST', path: '/api/v1/flags/{id}/resolve', args: ['id', 'body'] },
  createCategory: { method: 'POST', path: '/api/v1/categories', args: ['body'] },
  updateCategory: { method: 'PATCH', path: '/api/v1/categories/{id}', args: ['id', 'body'] },
  deleteCategory: { method: 'DELETE', path: '/api/v1/categories/{id}', args: ['id'] },
  purgeCategoryField: { method: 'POST', path: '/api/v1/categories/{id}/purge-field', args: ['id', 'body'] },
  listUsers: { method: 'GET', path: '/api/v1/users', args: ['query'] },
  updateUser: { method: 'PATCH', path: '/api/v1/users/{id}', args: ['id', 'body'] },
  listBlockedSenders: { method: 'GET', path: '/api/v1/admin/blocked-senders', args: [] },
  blockSender: { method: 'POST', path: '/api/v1/admin/blocked-senders', args: ['body'] },
  unblockSender: { method: 'DELETE', path: '/api/v1/admin/blocked-senders/{id}', args: ['id'] },
  uploadPhoto: { method: 'POST', path: '/api/v1/places/{id}/photos', args: ['id'] },
  listPlacePhotos: { method: 'GET', path: '/api/v1/places/{id}/photos', args: ['id'] },
  orderPhotos: { method: 'PUT', path: '/api/v1/places/{id}/photo-order', args: ['id', 'body'] },
  listPhotos: { method: 'GET', path: '/api/v1/photos', args: ['query'] },
  updatePhoto: { method: 'PATCH', path: '/api/v1/photos/{id}', args: ['id', 'body'] },
  transitionPhoto: { method: 'POST', path: '/api/v1/photos/{id}/transition', args: ['id', 'body'] },
  deletePhoto: { method: 'DELETE', path: '/api/v1/photos/{id}', args: ['id'] },
  flagPhoto: { method: 'POST', path: '/api/v1/photos/{id}/flags', args: ['id', 'body'] },
  flagNote: { method: 'POST', path: '/api/v1/notes/{id}/flags', args: ['id', 'body'] },
  photoThumb: { method: 'GET', path: '/api/v1/photos/{id}/thumb.webp', args: ['id'] },
  photoLarge: { method: 'GET', path: '/api/v1/photos/{id}/large.webp', args: ['id'] },
  importPlaces: { method: 'POST', path: '/api/v1/import', args: ['query'] },
  listImports: { method: 'GET', path: '/api/v1/imports', args: [] },
  importGeocodingRun: { method: 'GET', path: '/api/v1/import/geocoding/{id}', args: ['id'] },
  exportGeoJson: { method: 'GET', path: '/api/v1/export.geojson', args: ['query'] },
  exportCsv: { method: 'GET', path: '/api/v1/export.csv', args: ['query'] },
  offlinePack: { method: 'GET', path: '/api/v1/offline-pack', args: ['query'] },
  tilesSize: { method: 'GET', path: '/api/v1/tiles/size', args: ['query'] },
  placesFeed: { method: 'GET', path: '/api/v1/feeds/places.atom', args: ['query'] },
  reviewFeed: { method: 'GET', path: '/api/v1/feeds/review.atom', args: ['query'] },
  createReviewFeedToken: { method: 'POST', path: '/api/v1/feeds/review-token', args: [] },
  revokeReviewFeedToken: { method: 'DELETE', path: '/api/v1/feeds/review-token', args: [] },
  createApiToken: { method: 'POST', path: '/api/v1/tokens', args: ['body'] },
  listApiTokens: { method: 'GET', path: '/api/v1/tokens', args: [] },
  revokeApiToken: { method: 'DELETE', path: '/api/v1/tokens/{id}', args: ['id'] },
} as const satisfies Record<string, Route>;
