import { ApiError } from '@karta/api-client';
import type { Place } from '@karta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api } from '../../../lib/api-client.ts';
import { fieldLabel, fieldOf, formatFieldValue } from '../../../lib/categories/field-values.ts';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { languageNameIn } from '../../../lib/i18n/locales.ts';
import type { EditDraft } from '../../../lib/offline/drafts/draft.ts';
import { removeDraft } from '../../../lib/offline/drafts/drafts-store.ts';
import {
  fieldValue,
  formLanguages,
  type PlaceFormValues,
  placeFormValues,
  placePatchOf,
} from '../../../lib/places/place-form-values.ts';
import { type MergeRow, mergedValues, mergeRows } from '../drafts/merge-rows.ts';

interface MergeDraftProps {
  draft: EditDraft;
  /** The place as it is on Karta now. */
  current: Place;
  /** Reads the place again (after it changed once more while the user chose). */
  reload(): Promise<unknown>;
  categoryNameOf(id: number): string | undefined;
  onDone(): void;
}

/** A line's name and a side's value, in words. */
function useRowText(categoryNameOf: MergeDraftProps['categoryNameOf'], categoryId: string) {
  const { t, i18n } = useTranslation();
  // A category field's line is named and written as the place page does.
  const categories = useCategories();
  const category = categories.data?.find((candidate) => String(candidate.id) === categoryId);
  const label = (row: MergeRow) => {
    const [group, lang] = row.id.split('.');
    if (group === 'extra' && lang) {
      const field = fieldOf(category, lang);
      return field ? fieldLabel(field, i18n.language) : lang;
    }
    const languageName = lang ? languageNameIn(lang, i18n.language) : '';
    if (group === 'position') return t('drafts.fields.position');
    if (group === 'radius') return t('placeEditor.location.radiusSlider');
    if (group === 'locationPrivacy') return t('drafts.fields.locationPrivacy');
    if (group === 'categoryId') return t('placeEditor.details.category');
    if (group === 'name') return t('placeEditor.details.name', { language: languageName });
    if (group === 'description') return t('drafts.fields.description', { language: languageName });
    return t(`placeEditor.contact.${group as 'address' | 'phone' | 'email' | 'website' | 'openingHours'}`);
  };
  const value = (row: MergeRow, values: PlaceFormValues) => {
    const [first] = row.fields;
    const text = first ? fieldValue(values, first).trim() : '';
    if (row.id === 'position') return `${values.lat}, ${values.lng}`;
    if (row.id === 'radius')
      return text
        ? t('placeEditor.location.metres', { count: Number(text) })
        : t('placeEditor.location.noRadius');
    if (row.id === 'locationPrivacy') return t(`placeEditor.privacy.${values.locationPrivacy}.label`);
    if (row.id === 'categoryId') return categoryNameOf(Number(text)) ?? text;
    const [group, key] = row.id.split('.');
    const field = group === 'extra' && key ? fieldOf(category, key) : undefined;
    const extra = key ? values.extra?.[key] : undefined;
    if (field && extra !== undefined) {
      const words = { yes: t('places.fields.yes'), no: t('places.fields.no'), locale: i18n.language };
      return formatFieldValue(field, extra, i18n.language, words);
    }
    return text || t('drafts.emptyValue');
  };
  return { label, value };
}

/**
 * An edit kept offline met a newer version of the place (409): each field the user changed is
 * listed; where someone else changed it too, as they left it ("Yours") and as it is now ("Now on
 * Karta"), for them to choose. Only the user's fields are sent, based on the version shown, so
 * what others changed elsewhere stays. Neither side is dropped unseen.
 */
export function MergeDraft({ draft, current, reload, categoryNameOf, onDone }: MergeDraftProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { label, value } = useRowText(categoryNameOf, draft.values.categoryId);
  const now = placeFormValues(current, formLanguages(draft.values));
  const rows = mergeRows(draft.base, draft.values, now);
  const [keepMine, setKeepMine] = useState<ReadonlySet<string>>(() => new Set(rows.map((row) => row.id)));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  const choose = (id: string, mine: boolean) =>
    setKeepMine((chosen) => {
      const next = new Set(chosen);
      if (mine) next.add(id);
      else next.delete(id);
      return next;
    });

  async function send() {
    setSending(true);
    setProblem(null);
    const patch = placePatchOf(mergedValues(now, draft.values, rows, keepMine), now, current.version);
    try {
      if (Object.keys(patch).length > 1) await api.updatePlace(draft.placeId, patch);
      await removeDraft(draft.id);
      void queryClient.invalidateQueries({ queryKey: ['places'] });
      void queryClient.invalidateQueries({ queryKey: ['place-editor'] });
      void queryClient.invalidateQueries({ queryKey: ['place', draft.placeId] });
      onDone();
    } catch (error) {
      const again = error instanceof ApiError && error.code === 'conflict';
      if (again) await reload().catch(() => {});
      flushSync(() => {
        setProblem(again ? t('drafts.changedAgain') : t(errorMessageKey(error)));
        setSending(false);
      });
      alertRef.current?.focus();
    }
  }

  return (
    <form
      data-testid="merge-draft"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void send();
      }}
    >
      <p
        ref={alertRef}
        tabIndex={-1}
        role="alert"
        data-testid="merge-problem"
        className={problem ? 'rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900' : 'sr-only'}
      >
        {problem}
      </p>
      {rows.map((row) => (
        <fieldset
          key={row.id}
          data-testid="merge-row"
          data-field={row.id}
          className="rounded-xl border border-gray-200 bg-white p-4"
        >
          <legend className="px-1 text-sm font-semibold text-gray-900">{label(row)}</legend>
          {row.differs ? (
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              {([true, false] as const).map((mine) => (
                <label
                  key={String(mine)}
                  className="flex cursor-pointer gap-2.5 rounded-lg border border-gray-200 p-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
                >
                  <input
                    type="radio"
                    name={`merge-${row.id}`}
                    data-testid={mine ? 'merge-keep-mine' : 'merge-keep-theirs'}
                    checked={keepMine.has(row.id) === mine}
                    onChange={() => choose(row.id, mine)}
                    className="mt-1 size-4 shrink-0 accent-blue-700"
                  />
                  <span className="min-w-0">
                    <span className="block text-xs font-semibold uppercase tracking-wide text-gray-600">
                      {t(mine ? 'drafts.yours' : 'drafts.nowOnKarta')}
                    </span>
                    <span className="block whitespace-pre-line break-words text-sm text-gray-900">
                      {value(row, mine ? draft.values : now)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          ) : (
            <p className="mt-1 text-sm text-gray-700">
              <span className="font-medium">
                {t(value(row, now) === value(row, draft.values) ? 'drafts.sameOnBoth' : 'drafts.onlyYours')}
              </span>{' '}
              <span className="break-words">{value(row, draft.values)}</span>
            </p>
          )}
        </fieldset>
      ))}
      <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-6">
        <button type="submit" data-testid="merge-send" disabled={sending} className={buttonStyles.primary}>
          {sending && <Spinner className="size-4" />}
          {t('drafts.sendChoices')}
        </button>
        <button
          type="button"
          data-testid="merge-discard"
          className={buttonStyles.secondary}
          onClick={() => void removeDraft(draft.id).then(onDone)}
        >
          {t('drafts.discardMine')}
        </button>
      </div>
    </form>
  );
}
