import {
  emptyPlaceForm,
  formatCoordinate,
  type PlaceFormValues,
} from '../../../lib/places/place-form-values.ts';
import { parseLatLngParams } from '../../../lib/view-url.ts';

/** A host name as the server takes it for `embeddedOn` (packages/contracts place-writes.ts). */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** What a link to the form fills in: the embed's "Propose a place" (app/routes/embed/propose-link.ts). */
export interface ProposalFromLink {
  /** The form's values to start from: the position (`pin=1` with `lat`, `lng`) and the category (`cat`). */
  values: PlaceFormValues | null;
  /** The partner site the link came from (`from`), to send with the proposal. */
  embeddedOn: string | null;
}

/**
 * Reads `?lat=…&lng=…&pin=1&cat=<slug>&from=<host>`. Without `pin` the position only centres the
 * map (the home page's link); a category the site does not have, or a `from` that is no host name,
 * is left out.
 */
export function proposalFromLink(
  search: string,
  categories: readonly { id: number; slug: string }[],
  languages: readonly string[],
): ProposalFromLink {
  const params = new URLSearchParams(search);
  const position = params.get('pin') === '1' ? parseLatLngParams(params) : null;
  const category = categories.find((candidate) => candidate.slug === params.get('cat'));
  const from = params.get('from');
  const values =
    position || category
      ? {
          ...emptyPlaceForm(languages),
          ...(position ? { lat: formatCoordinate(position.lat), lng: formatCoordinate(position.lng) } : {}),
          ...(category ? { categoryId: String(category.id) } : {}),
        }
      : null;
  return { values, embeddedOn: from !== null && HOST_NAME.test(from) ? from : null };
}
