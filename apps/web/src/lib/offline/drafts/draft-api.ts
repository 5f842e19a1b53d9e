import type { ApiClient } from '@karta/api-client';
import type {
  CategoryField,
  NoteInput,
  NoteReceipt,
  OwnPlace,
  Place,
  PlaceInput,
  PlacePatch,
} from '@karta/contracts';
import type { z } from 'zod';
import { photoContentType } from '../../photo-content-type.ts';

/** What sending drafts asks of the API: the page and the service worker each give their own client. */
export interface DraftApi {
  /** The signed-in user's id, or null. */
  signedInUser(): Promise<number | null>;
  createPlace(input: z.input<typeof PlaceInput>, key: string): Promise<OwnPlace>;
  updatePlace(id: number, patch: z.input<typeof PlacePatch>): Promise<OwnPlace>;
  getPlace(id: number): Promise<Place>;
  /** Every category's fields by id: what a draft's values are checked against before it is sent. */
  categoryFields(): Promise<ReadonlyMap<number, readonly CategoryField[]>>;
  uploadPhoto(placeId: number, photo: Blob, key: string): Promise<unknown>;
  createNote(placeId: number, note: NoteInput): Promise<NoteReceipt>;
}

export function draftApiOf(api: ApiClient): DraftApi {
  return {
    signedInUser: async () => (await api.me())?.id ?? null,
    createPlace: (input, key) => api.createPlace(input, { headers: { 'Idempotency-Key': key } }),
    updatePlace: (id, patch) => api.updatePlace(id, patch),
    getPlace: (id) => api.getPlace(id),
    categoryFields: async () =>
      new Map((await api.categories()).items.map((category) => [category.id, category.fields])),
    uploadPhoto: (placeId, photo, key) =>
      api.uploadPhoto(placeId, photoContentType(photo), photo, { headers: { 'Idempotency-Key': key } }),
    createNote: (placeId, note) => api.createNote(placeId, note),
  };
}
