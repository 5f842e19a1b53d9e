/** The short side of a chosen photo's preview, in pixels: a square of 112 CSS px, sharp on a 3× screen. */
const THUMBNAIL_PX = 336;

/**
 * A small preview of a photo not sent yet, as a `data:` URL: drawn once at thumbnail size, so a
 * phone holds a few kilobytes per photo rather than each whole decoded photo, and the page's
 * content security policy (images from itself and `data:` only) needs no `blob:`. Null when the
 * browser cannot read the image (HEIC in most browsers, a file that is no image).
 */
export async function photoThumbnail(photo: Blob): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(photo);
    const scale = Math.min(1, THUMBNAIL_PX / Math.min(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  }
}
