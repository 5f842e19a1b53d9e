import type { ApiError } from '@karta/api-client';
import type { NoteInput } from '@karta/contracts';
import type { PlaceFormValues } from '../../places/place-form-values.ts';

/** A photo waiting with a proposal: its bytes, and the key that makes its upload happen once. */
export interface DraftPhoto {
  key: string;
  blob: Blob;
}

/**
 * Why a draft is not simply waiting: the server refused it (`refused`, with the API's error code,
 * until the user changes or deletes it), or an edit met a newer version of the place (`conflict`,
 * resolved field by field on the merge screen).
 */
export type DraftState = 'waiting' | 'refused' | 'conflict';

interface DraftCommon {
  /** Also the proposal's `Idempotency-Key`: sent again, it never makes a second place. */
  id: string;
  /** The author: drafts are shown and sent only while they are signed in. */
  userId: number;
  createdAt: string;
  state: DraftState;
  /** The API's error code of the last refusal, or of a failed send that will be tried again. */
  problem: ApiError['code'] | null;
}

/** A new place, as the form held it; `placeId` once it is created and only its photos remain. */
export interface ProposalDraft extends DraftCommon {
  kind: 'proposal';
  values: PlaceFormValues;
  photos: DraftPhoto[];
  placeId: number | null;
}

/** Changes to a place: the form as loaded (`base`, at `version`) and as the user left it. */
export interface EditDraft extends DraftCommon {
  kind: 'edit';
  placeId: number;
  version: number;
  base: PlaceFormValues;
  values: PlaceFormValues;
}

/** Photos for a place that exists, chosen while it could not be reached. */
export interface PhotosDraft extends DraftCommon {
  kind: 'photos';
  placeId: number;
  /** The place's name when the photos were chosen, to show the draft by. */
  placeName: string;
  photos: DraftPhoto[];
}

/**
 * A note on a place written while the server could not be reached (signed-in authors only: a
 * signed-out author's note waits for an e-mailed link, which needs the server anyway).
 */
export interface NoteDraft extends DraftCommon {
  kind: 'note';
  placeId: number;
  /** The place's name when the note was written, to show the draft by. */
  placeName: string;
  note: NoteInput;
}

export type Draft = ProposalDraft | EditDraft | PhotosDraft | NoteDraft;

/** The one photos draft of a user's place: photos chosen later join it. */
export const photosDraftId = (userId: number, placeId: number) => `photos-${userId}-${placeId}`;

/** A new draft's id: random, so two devices or tabs never share one. */
export function newDraftId(): string {
  return crypto.randomUUID();
}

/** The name to show a draft by: its first non-empty name, in the reader's language first. */
export function draftName(draft: Draft, language: string): string {
  if (draft.kind === 'photos' || draft.kind === 'note') return draft.placeName;
  const names = draft.values.name;
  return (
    (names[language] ?? '').trim() ||
    Object.values(names)
      .find((name) => name.trim() !== '')
      ?.trim() ||
    ''
  );
}
