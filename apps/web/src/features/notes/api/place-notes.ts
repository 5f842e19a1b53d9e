import type { NoteFlagInput, NoteInput } from '@karta/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { placeQueryKey } from '../../../lib/places/get-place.ts';

const PAGE_SIZE = 10;

/** Every cached page of one place's notes. */
export const placeNotesQueryKey = (placeId: number) => ['place-notes', placeId] as const;

/** GET /api/v1/places/:id/notes: the published notes that apply now, newest first, page by page. */
export function usePlaceNotes(placeId: number) {
  return useInfiniteQuery({
    queryKey: placeNotesQueryKey(placeId),
    queryFn: ({ pageParam, signal }) =>
      api.listNotes(placeId, { limit: PAGE_SIZE, before: pageParam ?? undefined }, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
}

/** GET /api/v1/places/:id/notes?ended=true: the place's history, its ended status notes, once asked for. */
export function usePlaceNoteHistory(placeId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...placeNotesQueryKey(placeId), 'ended'] as const,
    queryFn: ({ pageParam, signal }) =>
      api.listNotes(placeId, { limit: PAGE_SIZE, before: pageParam ?? undefined, ended: true }, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
    enabled,
  });
}

/**
 * POST /api/v1/places/:id/notes. A note published at once is shown at once: the place (its
 * status note) and its list of notes are read again, and lists of places too (their marks).
 */
export function useCreateNote(placeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) => api.createNote(placeId, input),
    onSuccess: (receipt) => {
      if (receipt.state !== 'published') return;
      void queryClient.invalidateQueries({ queryKey: placeNotesQueryKey(placeId) });
      void queryClient.invalidateQueries({ queryKey: placeQueryKey(placeId) });
      void queryClient.invalidateQueries({ queryKey: ['places'] });
    },
  });
}

/** POST /api/v1/notes/:id/flags: anyone may report a published note. */
export function useFlagNote() {
  return useMutation({
    mutationFn: ({ id, ...body }: NoteFlagInput & { id: number }) => api.flagNote(id, body),
  });
}
