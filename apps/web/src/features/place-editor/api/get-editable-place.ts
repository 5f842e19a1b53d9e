import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isNotFound } from '../../../lib/error-message.ts';

/** The place as its author or a moderator sees it (exact position, version): its own cache entry. */
export const editablePlaceQueryKey = (id: number) => ['place-editor', 'place', id] as const;

/** GET /api/v1/places/:id, for editing. */
export function getEditablePlace(id: number, signal?: AbortSignal) {
  return api.getPlace(id, { signal });
}

/**
 * The place being edited. Never refetched behind the user's back (a newer version would silently
 * replace the base of their edit); a conflict on save offers to load it instead. `enabled: false`
 * asks nothing (nobody signed in to ask as yet) but still sees the entry once another caller loads it.
 */
export function useEditablePlace(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: editablePlaceQueryKey(id),
    queryFn: ({ signal }) => getEditablePlace(id, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}
