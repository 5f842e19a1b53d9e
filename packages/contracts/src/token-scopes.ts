import type { EndpointName } from './endpoints.ts';
import type { TokenScope } from './tokens.ts';

/**
 * The scope an API token needs for each endpoint it may call (docs/decisions/029-api-tokens.md);
 * `null`: any valid token. An endpoint not named here is for a signed-in browser only (the
 * account, its tokens and sessions, users, follows by e-mail): a token is refused there (403
 * `token_not_allowed`), so a new endpoint is closed to tokens until it is added.
 *
 * Beside the endpoint's scope, a token without `moderate` acts as a contributor, whatever its
 * user's role: a moderator's token for proposing cannot publish. With it, the user's current role
 * applies, never more.
 */
export const TOKEN_SCOPE_OF = {
  health: null,
  config: null,
  openApi: null,
  categories: null,

  map: 'places:read',
  listPlaces: 'places:read',
  suggestPlaces: 'places:read',
  similarPlaces: 'places:read',
  getPlace: 'places:read',
  previewHours: 'places:read',
  geocode: 'places:read',
  reverseGeocode: 'places:read',
  placeHistory: 'places:read',
  listNotes: 'places:read',
  listPlacePhotos: 'places:read',
  listPhotos: 'places:read',
  photoThumb: 'places:read',
  photoLarge: 'places:read',
  exportGeoJson: 'places:read',
  exportCsv: 'places:read',
  offlinePack: 'places:read',
  tilesSize: 'places:read',
  placesFeed: 'places:read',
  oembed: 'places:read',

  createPlace: 'places:propose',
  updatePlace: 'places:propose',
  transitionPlace: 'places:propose',
  flagPlace: 'places:propose',
  confirmPlace: 'places:propose',
  createNote: 'places:propose',
  flagNote: 'places:propose',
  uploadPhoto: 'places:propose',
  orderPhotos: 'places:propose',
  updatePhoto: 'places:propose',
  deletePhoto: 'places:propose',
  flagPhoto: 'places:propose',

  transitionPlaces: 'moderate',
  placeHolds: 'moderate',
  holdPlace: 'moderate',
  releasePlace: 'moderate',
  transitionNote: 'moderate',
  pendingNotes: 'moderate',
  needsChecking: 'moderate',
  listFlags: 'moderate',
  resolveFlag: 'moderate',
  transitionPhoto: 'moderate',
  createCategory: 'moderate',
  updateCategory: 'moderate',
  deleteCategory: 'moderate',
  purgeCategoryField: 'moderate',

  importPlaces: 'import',
  listImports: 'import',
  importGeocodingRun: 'import',
} as const satisfies Partial<Record<EndpointName, TokenScope | null>>;

/**
 * Whether a token of `scopes` may call `endpoint`: `allowed` with the scope it needed (null when
 * any token may), or why not: the endpoint takes no token at all, or this one lacks the scope.
 */
export function tokenAccess(
  endpoint: string,
  scopes: readonly TokenScope[],
): { allowed: true } | { allowed: false; needs: TokenScope | null } {
  if (!Object.hasOwn(TOKEN_SCOPE_OF, endpoint)) return { allowed: false, needs: null };
  const needed = TOKEN_SCOPE_OF[endpoint as keyof typeof TOKEN_SCOPE_OF];
  if (needed === null || scopes.includes(needed)) return { allowed: true };
  return { allowed: false, needs: needed };
}
