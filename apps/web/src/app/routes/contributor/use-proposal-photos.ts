import { useRef, useState } from 'react';
import { smallerPhoto } from '../../../features/photos/api/upload-photo.ts';
import type { ChosenPhoto } from '../../../features/photos/components/photo-chooser.tsx';
import { type DraftPhoto, newDraftId } from '../../../lib/offline/drafts/draft.ts';

/**
 * The photos chosen in the propose form (a draft's own, when one is opened again). Each is made
 * smaller as soon as it is chosen, as the edit page's uploads are, so saving waits on none; each
 * gets the key its upload is sent with, so an upload whose answer was lost is not stored twice.
 */
export function useProposalPhotos(initial: readonly DraftPhoto[]) {
  const [chosen, setChosen] = useState<ChosenPhoto[]>(() =>
    initial.map(({ key, blob }) => ({ key, photo: blob })),
  );
  const smaller = useRef(new Map<string, Promise<Blob>>());

  return {
    chosen,
    add(files: readonly File[]) {
      const added = files.map((file) => ({ key: newDraftId(), photo: file }));
      for (const { key, photo } of added) {
        // Its library loads on demand; with no network it may not, and the photo goes as it is.
        smaller.current.set(
          key,
          smallerPhoto(photo).catch(() => photo),
        );
      }
      setChosen((current) => [...current, ...added]);
    },
    remove(key: string) {
      smaller.current.delete(key);
      setChosen((current) => current.filter((photo) => photo.key !== key));
    },
    /** The photos as they are to be sent, each with its upload's key. */
    ready(): Promise<DraftPhoto[]> {
      return Promise.all(
        chosen.map(async ({ key, photo }) => ({ key, blob: await (smaller.current.get(key) ?? photo) })),
      );
    },
  };
}
