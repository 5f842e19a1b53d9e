import { PHOTO_CONTENT_TYPES } from '@karta/contracts';

export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/** The type to send a photo as: what the browser says it is, when it is one the server takes. */
export function photoContentType(photo: Blob): PhotoContentType {
  return (PHOTO_CONTENT_TYPES as readonly string[]).includes(photo.type)
    ? (photo.type as PhotoContentType)
    : 'image/jpeg';
}

/** A file input's `accept` for photos: the types the server takes. */
export const PHOTO_ACCEPT = PHOTO_CONTENT_TYPES.join(',');
