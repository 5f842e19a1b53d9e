import type { NoteConfirmation } from '@karta/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/notes/confirm: the note of a confirmation link, now waiting or published; 404 for an unknown, used or expired link. */
export function confirmNote(body: NoteConfirmation) {
  return api.confirmNote(body);
}

/** Confirms a signed-out author's note. */
export function useConfirmNote() {
  return useMutation({ mutationFn: confirmNote });
}
