import type { Category, CategoryField } from '@karta/contracts';
import { useCallback, useMemo, useState } from 'react';
import {
  canAddField,
  definitionsOf,
  draftOfField,
  draftsOf,
  type FieldDraft,
  moved,
  newFieldDraft,
  sameFields,
} from '../utils/field-drafts.ts';
import { type FieldProblems, fieldHasProblems } from '../utils/field-problems.ts';

/**
 * The fields of a category as its form edits them: the drafts in their order, the problems found
 * in them (by the browser or the server), and which cards are open. A card with a problem is
 * open whatever the moderator chose, so the problem and the focus can reach it; a change of a
 * field clears that field's problems.
 */
export function useFieldDrafts(category: Category | undefined, languages: readonly string[]) {
  const [drafts, setDrafts] = useState<FieldDraft[]>(() => draftsOf(category?.fields, languages));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());

  const clearProblemsOf = useCallback((uid: string) => {
    setProblems((current) =>
      fieldHasProblems(current, uid)
        ? Object.fromEntries(Object.entries(current).filter(([place]) => !place.startsWith(`${uid}:`)))
        : current,
    );
  }, []);

  const change = useCallback(
    (uid: string, update: (draft: FieldDraft) => FieldDraft) => {
      setDrafts((current) => current.map((draft) => (draft.uid === uid ? update(draft) : draft)));
      clearProblemsOf(uid);
    },
    [clearProblemsOf],
  );

  const setOpen = useCallback((uid: string, open: boolean) => {
    setOpened((current) => {
      const next = new Set(current);
      if (open) next.add(uid);
      else next.delete(uid);
      return next;
    });
  }, []);

  /** Adds a blank field at the end, open; returns its uid (undefined at the limit). */
  const add = useCallback((): string | undefined => {
    if (!canAddField(drafts)) return undefined;
    const draft = newFieldDraft(languages);
    setDrafts((current) => [...current, draft]);
    setOpen(draft.uid, true);
    return draft.uid;
  }, [drafts, languages, setOpen]);

  /** Adds a removed field back at the end, as it was saved (its key and options fixed). */
  const addBack = useCallback(
    (field: CategoryField): string | undefined => {
      if (!canAddField(drafts) || drafts.some((draft) => draft.key === field.key)) return undefined;
      const draft = draftOfField(field, languages);
      setDrafts((current) => [...current, draft]);
      return draft.uid;
    },
    [drafts, languages],
  );

  const remove = useCallback(
    (uid: string) => {
      setDrafts((current) => current.filter((draft) => draft.uid !== uid));
      clearProblemsOf(uid);
    },
    [clearProblemsOf],
  );

  const move = useCallback((uid: string, by: -1 | 1) => {
    setDrafts((current) =>
      moved(
        current,
        current.findIndex((draft) => draft.uid === uid),
        by,
      ),
    );
  }, []);

  const definitions = useMemo(() => definitionsOf(drafts), [drafts]);
  /** Whether the drafts say anything other than the saved fields (else the form sends no `fields`). */
  const changed = !sameFields(definitions, category?.fields ?? []);

  return {
    drafts,
    definitions,
    changed,
    problems,
    setProblems,
    isOpen: (uid: string) => opened.has(uid) || fieldHasProblems(problems, uid),
    setOpen,
    change,
    add,
    addBack,
    remove,
    move,
  };
}

export type FieldDraftsEditor = ReturnType<typeof useFieldDrafts>;
