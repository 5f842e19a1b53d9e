import type { Photo, PhotoLicence, PhotoPatch } from '@karta/contracts';
import { useState } from 'react';

/** A photo's texts as being typed: what it shows per language, its licence and credit line. */
export interface PhotoDraft {
  alt: Record<string, string>;
  setAlt(alt: Record<string, string>): void;
  licence: PhotoLicence;
  setLicence(licence: PhotoLicence): void;
  author: string;
  setAuthor(author: string): void;
  /** Whether any language says what the photo shows (publishing needs it). */
  described: boolean;
  /** Whether anything differs from the photo as saved. */
  changed: boolean;
  /** The PATCH body that saves it, at the version shown. */
  patch(): PhotoPatch;
}

const sameAlt = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '').trim() === (b[key] ?? '').trim());
};

/**
 * The texts of a photo being edited, held above the form, so that a move that needs them (a
 * moderator's Publish) can save what was typed first, without a separate Save.
 */
export function usePhotoDraft(photo: Photo): PhotoDraft {
  const [alt, setAlt] = useState<Record<string, string>>(photo.alt);
  const [licence, setLicence] = useState<PhotoLicence>(photo.licence);
  const [author, setAuthor] = useState(photo.author ?? '');
  return {
    alt,
    setAlt,
    licence,
    setLicence,
    author,
    setAuthor,
    described: Object.values(alt).some((text) => text.trim() !== ''),
    changed:
      !sameAlt(alt, photo.alt) || licence !== photo.licence || author.trim() !== (photo.author ?? '').trim(),
    patch: () => ({ version: photo.version, alt, licence, author }),
  };
}
