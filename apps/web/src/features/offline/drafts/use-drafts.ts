import { useEffect, useState } from 'react';
import type { Draft } from '../../../lib/offline/drafts/draft.ts';
import { listDrafts, onDraftsChange, readDraft } from '../../../lib/offline/drafts/drafts-store.ts';

/** A user's drafts, kept up to date as they are kept, sent or deleted (in any tab); null while read. */
export function useDrafts(userId: number): Draft[] | null {
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  useEffect(() => {
    let current = true;
    const read = () =>
      void listDrafts(userId).then(
        (list) => current && setDrafts(list),
        // No IndexedDB (a private window in some browsers): no drafts to show.
        () => current && setDrafts([]),
      );
    read();
    const stop = onDraftsChange(read);
    return () => {
      current = false;
      stop();
    };
  }, [userId]);
  return drafts;
}

/** One draft by id: undefined while it is read, null when there is none (sent, or deleted). */
export function useDraft(id: string | null): Draft | null | undefined {
  const [draft, setDraft] = useState<Draft | null | undefined>(id ? undefined : null);
  useEffect(() => {
    if (!id) return;
    let current = true;
    const read = () =>
      void readDraft(id).then(
        (found) => current && setDraft(found ?? null),
        () => current && setDraft(null),
      );
    read();
    const stop = onDraftsChange(read);
    return () => {
      current = false;
      stop();
    };
  }, [id]);
  return draft;
}
