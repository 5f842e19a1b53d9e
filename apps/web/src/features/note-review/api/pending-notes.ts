import type { NoteTransition } from '@karta/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const PAGE_SIZE = 20;

/** Every cached page of the notes waiting for a moderator. */
const pendingNotesKey = ['notes', 'pending'] as const;

/** GET /api/v1/notes/pending: waiting notes, oldest first, page by page. */
export function usePendingNotes() {
  return useInfiniteQuery({
    queryKey: pendingNotesKey,
    queryFn: ({ pageParam, signal }) =>
      api.pendingNotes({ limit: PAGE_SIZE, after: pageParam ?? undefined }, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
}

/**
 * POST /api/v1/notes/:id/transition: publish a waiting note, or hide it with a reason. The queue
 * is read again, and so is every cached list of a place's notes (a published note joins one).
 */
export function useDecideNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: NoteTransition & { id: number }) => api.transitionNote(id, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pendingNotesKey });
      void queryClient.invalidateQueries({ queryKey: ['place-notes'] });
    },
  });
}
