import { ApiError } from '@karta/api-client';
import type { CategoryField } from '@karta/contracts';
import {
  formLanguages,
  placeFormValues,
  placeInputOf,
  placePatchOf,
} from '../../places/place-form-values.ts';
import { wentUnanswered } from '../../unanswered.ts';
import type {
  Draft,
  DraftPhoto,
  DraftState,
  EditDraft,
  NoteDraft,
  PhotosDraft,
  ProposalDraft,
} from './draft.ts';
import type { DraftApi } from './draft-api.ts';
import { draftExtraIssues } from './draft-extra.ts';
import { changeDraft, listDrafts, removeDraft } from './drafts-store.ts';

/** The Background Sync tag on which the service worker sends drafts (sw.ts). */
export const DRAFTS_SYNC_TAG = 'karta-drafts';

/** The Web Lock held while drafts are sent: one sender at a time across tabs and the service worker. */
const LOCK = 'karta-drafts';

/** How a send ended: gone, kept for a later try, or the server unreachable (stop for now). */
type Sent = 'sent' | 'kept' | 'unreachable';

/** No answer, or the session ended: worth trying again later as it is, and no use trying the next draft now. */
const unreachable = (error: unknown) =>
  wentUnanswered(error) || (error instanceof ApiError && error.status === 401);

/** Too many requests or proposals for now: the draft waits and is tried again later. */
const later = (error: unknown) => error instanceof ApiError && error.status === 429;

/**
 * Marks the stored draft (as it is now: the user may have added photos meanwhile) with its new
 * state and problem; one the user deleted meanwhile stays deleted.
 */
function mark(draft: Draft, state: DraftState, problem: ApiError['code'] | null): Promise<unknown> {
  return changeDraft<Draft>(draft.id, (stored) => (stored ? { ...stored, state, problem } : null));
}

/** Keeps the draft with what went wrong; `refused` ones wait for the user. */
async function keep(draft: Draft, error: unknown): Promise<Sent> {
  const code = error instanceof ApiError ? error.code : 'network_error';
  if (unreachable(error)) {
    await mark(draft, draft.state, code);
    return 'unreachable';
  }
  const conflict = error instanceof ApiError && error.code === 'conflict';
  await mark(draft, later(error) ? 'waiting' : conflict ? 'conflict' : 'refused', code);
  return 'kept';
}

/** The categories' fields, asked for once per run of sends (and only when a draft needs them). */
type FieldsOf = (categoryId: number) => Promise<readonly CategoryField[] | undefined>;

function fieldsOnce(api: DraftApi): FieldsOf {
  let fields: ReturnType<DraftApi['categoryFields']> | undefined;
  return async (categoryId) => {
    fields ??= api.categoryFields();
    try {
      return (await fields).get(categoryId);
    } catch (error) {
      fields = undefined;
      throw error;
    }
  };
}

/**
 * Whether a draft's category values pass the values rule against the category's fields as they
 * are now; if not, the draft is kept refused (the form shows why once it is opened), and nothing
 * is sent. An unknown category is the server's to refuse.
 */
async function extraRefused(fieldsOf: FieldsOf, draft: ProposalDraft | EditDraft): Promise<boolean> {
  const fields = await fieldsOf(Number(draft.values.categoryId));
  if (!fields || draftExtraIssues(draft, fields).length === 0) return false;
  await mark(draft, 'refused', 'validation_error');
  return true;
}

async function sendProposal(api: DraftApi, draft: ProposalDraft, fieldsOf: FieldsOf): Promise<Sent> {
  let placeId = draft.placeId;
  if (placeId === null) {
    try {
      if (await extraRefused(fieldsOf, draft)) return 'kept';
      // The draft's id as the key: a proposal whose answer was lost is answered, not made twice.
      placeId = (await api.createPlace(placeInputOf(draft.values), draft.id)).id;
    } catch (error) {
      return keep(draft, error);
    }
    const created = placeId;
    const left = await changeDraft<ProposalDraft>(draft.id, (stored) =>
      stored ? { ...stored, placeId: created, problem: null } : null,
    );
    if (!left) return 'sent';
  }
  return sendPhotos(api, draft, placeId);
}

/**
 * Uploads a draft's photos one by one, each leaving the stored draft once the server has it, then
 * the draft itself. Photos the user adds meanwhile are sent in the same run: the draft goes only
 * when none is left.
 */
async function sendPhotos(api: DraftApi, draft: ProposalDraft | PhotosDraft, placeId: number): Promise<Sent> {
  let current: ProposalDraft | PhotosDraft | undefined = draft;
  while (current) {
    const photo: DraftPhoto | undefined = current.photos[0];
    if (!photo) {
      current = await changeDraft<ProposalDraft | PhotosDraft>(draft.id, (stored) =>
        stored && stored.photos.length > 0 ? stored : null,
      );
      continue;
    }
    try {
      // Each photo's own key: one whose answer was lost is not stored twice.
      await api.uploadPhoto(placeId, photo.blob, photo.key);
    } catch (error) {
      return keep(current, error);
    }
    current = await changeDraft<ProposalDraft | PhotosDraft>(draft.id, (stored) =>
      stored ? { ...stored, photos: stored.photos.filter((other) => other.key !== photo.key) } : null,
    );
  }
  return 'sent';
}

/**
 * Whether the place already holds every change of the draft: a 409 after an earlier send of this
 * very edit whose answer was lost (the place's version moved on with it).
 */
function holdsTheEdit(draft: EditDraft, place: Awaited<ReturnType<DraftApi['getPlace']>>): boolean {
  const now = placeInputOf(placeFormValues(place, formLanguages(draft.values)));
  const wanted = placeInputOf(draft.values);
  const changed = Object.keys(placePatchOf(draft.values, draft.base, draft.version)).filter(
    (key) => key !== 'version',
  ) as (keyof typeof wanted)[];
  return changed.every((key) => JSON.stringify(now[key]) === JSON.stringify(wanted[key]));
}

async function sendEdit(api: DraftApi, draft: EditDraft, fieldsOf: FieldsOf): Promise<Sent> {
  const patch = placePatchOf(draft.values, draft.base, draft.version);
  try {
    // Judged only when the edit changes them (or the category), as the server judges them.
    if (('extra' in patch || 'categoryId' in patch) && (await extraRefused(fieldsOf, draft))) return 'kept';
    await api.updatePlace(draft.placeId, patch);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'conflict')) return keep(draft, error);
    try {
      if (!holdsTheEdit(draft, await api.getPlace(draft.placeId))) return keep(draft, error);
    } catch (reading) {
      return keep(draft, reading);
    }
  }
  await removeDraft(draft.id);
  return 'sent';
}

/**
 * Sends a note. A 409 is the same text from the same author on the same place within a day: an
 * earlier send of this very draft whose answer was lost, so the server holds it once already.
 */
async function sendNote(api: DraftApi, draft: NoteDraft): Promise<Sent> {
  try {
    await api.createNote(draft.placeId, draft.note);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'conflict')) return keep(draft, error);
  }
  await removeDraft(draft.id);
  return 'sent';
}

/** Sends one draft. */
function sendDraft(api: DraftApi, draft: Draft, fieldsOf: FieldsOf): Promise<Sent> {
  if (draft.kind === 'proposal') return sendProposal(api, draft, fieldsOf);
  if (draft.kind === 'photos') return sendPhotos(api, draft, draft.placeId);
  if (draft.kind === 'note') return sendNote(api, draft);
  return sendEdit(api, draft, fieldsOf);
}

/**
 * Sends the signed-in user's waiting drafts, oldest first, stopping at the first sign that the
 * server cannot be reached. Under a Web Lock where the browser has them, so two tabs and the
 * service worker never send the same draft at once (the proposals' keys would make that harmless,
 * but not the edits'). Says how many were sent, and whether it stopped for want of the server.
 */
export async function sendDrafts(api: DraftApi): Promise<{ sent: number; stopped: boolean }> {
  const run = async () => {
    let sent = 0;
    // The drafts first: with none waiting, the server is not asked who is signed in.
    const waiting = (await listDrafts()).filter((draft) => draft.state === 'waiting');
    if (waiting.length === 0) return { sent, stopped: false };
    let userId: number | null;
    try {
      userId = await api.signedInUser();
    } catch {
      return { sent, stopped: true };
    }
    const fieldsOf = fieldsOnce(api);
    for (const draft of waiting) {
      if (draft.userId !== userId) continue;
      const outcome = await sendDraft(api, draft, fieldsOf);
      if (outcome === 'sent') sent += 1;
      if (outcome === 'unreachable') return { sent, stopped: true };
    }
    return { sent, stopped: false };
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK, run) : run();
}
