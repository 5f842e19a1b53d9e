import { ApiError } from '@karta/api-client';
import type { OwnPlace, Place, PlaceListItem } from '@karta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  type FormEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import {
  emptyPlaceForm,
  formPosition,
  type PlaceFormValues,
  placeFormValues,
  placeInputOf,
  placePatchOf,
} from '../../../lib/places/place-form-values.ts';
import { wentUnanswered } from '../../../lib/unanswered.ts';
import { useCreatePlace } from '../api/create-place.ts';
import { editablePlaceQueryKey, getEditablePlace } from '../api/get-editable-place.ts';
import { getSimilarPlaces, type SimilarQuery, useSimilarPlaces } from '../api/get-similar-places.ts';
import { useUpdatePlace } from '../api/update-place.ts';
import { usePinAddress } from '../hooks/use-pin-address.ts';
import { usePlaceForm } from '../hooks/use-place-form.ts';
import { serverProblems } from '../utils/validate-place-form.ts';
import { type CategoryOption, DetailsSection, languagesFor } from './details-section.tsx';
import { DuplicatesNotice, DuplicatesStep } from './duplicates.tsx';
import { EditorAlert } from './editor-alert.tsx';
import { LocationSection, type PickerMapRequest } from './location-section.tsx';

/** The form's pin, for what is outside the form (the photos' "move the pin there"). */
export interface PinControl {
  position(): { lat: number; lng: number } | null;
  moveTo(position: { lat: number; lng: number }): void;
}

export interface PlaceEditorProps {
  /** The place being edited; absent when proposing a new one. */
  place?: Place;
  categories: readonly CategoryOption[];
  /** Draws the map to pick the position on (the app composes it from the map feature). */
  renderMap(request: PickerMapRequest): ReactNode;
  /** The server has the place; the form stays busy until what this returns is done. */
  onSaved(place: OwnPlace): void | Promise<void>;
  /** More of the form, shown last before its buttons (the proposal's photos, from the app). */
  beforeSave?: ReactNode;
  /** Where Cancel goes. */
  cancelHref: string;
  pinControl?: Ref<PinControl>;
  /** A proposal's `Idempotency-Key`: sending it again never makes a second place. */
  proposalKey?: string;
  /** The form's values to start from (a draft opened again); else the place's, or empty. */
  initialValues?: PlaceFormValues;
  /** The partner site whose embedded map the proposal was started from, sent with it (`embeddedOn`). */
  embeddedOn?: string | null;
  /**
   * The save got no answer (offline, or the server down): the page keeps the form as a draft to
   * send later. Without it, the failure is shown like any other.
   */
  onUnsent?(unsent: UnsentForm): Promise<void>;
}

/** What a save that did not reach the server leaves to keep: the values, and an edit's base. */
export interface UnsentForm {
  values: PlaceFormValues;
  base: { values: PlaceFormValues; version: number } | null;
}

/**
 * Propose or edit a place: validated as the user types (after they leave a field), the first
 * invalid field focused on submit, possible duplicates shown as the name and position settle and
 * once more as a step before the save, and a stale edit (409) explained without losing the input.
 */
export function PlaceEditor({
  place,
  categories,
  renderMap,
  onSaved,
  cancelHref,
  pinControl,
  proposalKey,
  initialValues,
  onUnsent,
  beforeSave,
  embeddedOn,
}: PlaceEditorProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { languages } = useRuntimeConfig();
  const [base, setBase] = useState<{ values: PlaceFormValues; version: number } | null>(() =>
    place ? { values: placeFormValues(place, languages), version: place.version } : null,
  );
  const fieldsOf = useCallback(
    (categoryId: string) => categories.find((category) => String(category.id) === categoryId)?.fields,
    [categories],
  );
  const previous = base?.values.extra;
  const rules = useMemo(() => ({ fieldsOf, previous: previous ?? {} }), [fieldsOf, previous]);
  const form = usePlaceForm(
    // A draft kept before categories had fields has no `extra`.
    initialValues
      ? { ...initialValues, extra: initialValues.extra ?? {} }
      : (base?.values ?? emptyPlaceForm(languages)),
    rules,
  );
  const pinAddress = usePinAddress(form);
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<readonly PlaceListItem[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const create = useCreatePlace();
  const update = useUpdatePlace(place?.id ?? 0);
  const [finishing, setFinishing] = useState(false);
  const saving = create.isPending || update.isPending || finishing;

  const position = formPosition(form.values);
  useImperativeHandle(pinControl, () => ({ position: () => position, moveTo: form.setPosition }), [
    position,
    form.setPosition,
  ]);
  const name = languagesFor(i18n.language, languages)
    .map((language) => (form.values.name[language] ?? '').trim())
    .find((text) => text !== '');
  const similarQuery: SimilarQuery | null =
    position && name ? { near: position, name, exclude: place?.id } : null;
  const similar = useSimilarPlaces(similarQuery);
  const duplicates = similarQuery && similar.data ? similar.data : [];

  const focusFirstProblem = () => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  async function save() {
    setFailure(null);
    let saved: OwnPlace;
    try {
      saved =
        place && base
          ? await update.mutateAsync(placePatchOf(form.values, base.values, base.version))
          : await create.mutateAsync({
              input: { ...placeInputOf(form.values), ...(embeddedOn ? { embeddedOn } : {}) },
              key: proposalKey,
            });
    } catch (error) {
      setStep(null);
      if (onUnsent && wentUnanswered(error)) {
        await onUnsent({ values: form.values, base: place ? base : null });
        return;
      }
      const refused = serverProblems(error, form.values, form.categoryFields);
      if (refused) {
        flushSync(() => form.setRefused(refused));
        focusFirstProblem();
        return;
      }
      flushSync(() => setFailure(error));
      alertRef.current?.focus();
      return;
    }
    // Outside the try: what follows the save is the page's, and the place is saved whatever it does.
    setFinishing(true);
    try {
      await onSaved(saved);
    } finally {
      setFinishing(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (Object.keys(form.problems).length > 0) {
      flushSync(() => form.touchAll());
      focusFirstProblem();
      return;
    }
    // Asked again now, not from the debounced answer: the last keystrokes may not have been asked yet.
    let nearby: readonly PlaceListItem[] = [];
    if (similarQuery) {
      try {
        nearby = (await getSimilarPlaces(similarQuery)).items;
      } catch {
        // The check helps; it must not stop a save when it fails.
      }
    }
    if (nearby.length > 0) {
      flushSync(() => setStep(nearby));
      stepHeading.current?.focus();
      return;
    }
    await save();
  }

  async function reloadCurrent() {
    if (!place) return;
    const current = await queryClient.fetchQuery({
      queryKey: editablePlaceQueryKey(place.id),
      queryFn: ({ signal }) => getEditablePlace(place.id, signal),
      staleTime: 0,
    });
    const values = placeFormValues(current, languages);
    setBase({ values, version: current.version });
    form.reset(values);
    setFailure(null);
  }

  const conflict = failure instanceof ApiError && failure.code === 'conflict';

  return (
    <form ref={formRef} data-testid="place-form" noValidate onSubmit={onSubmit} className="space-y-8">
      <EditorAlert
        ref={alertRef}
        failure={failure}
        conflict={conflict}
        onReload={() => void reloadCurrent()}
      />
      <LocationSection form={form} renderMap={renderMap} onChooseAddress={pinAddress.placeAt} />
      <DetailsSection
        form={form}
        categories={categories}
        addressOffer={pinAddress.offer}
        onUseAddressOffer={pinAddress.fillAddress}
        afterNames={<DuplicatesNotice places={step ? [] : duplicates} />}
      />
      {beforeSave}
      {step ? (
        <DuplicatesStep
          places={step}
          saving={saving}
          headingRef={stepHeading}
          onSaveAnyway={() => void save()}
          onBack={() => setStep(null)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-6">
          <button
            type="submit"
            data-testid="save-place"
            disabled={saving}
            // Pressing it must not first blur the field being typed in: the problem that blur
            // reveals moves this button, and the click would land beside it. Submit shows them all.
            onMouseDown={(event) => event.preventDefault()}
            className={buttonStyles.primary}
          >
            {saving && <Spinner className="size-4" />}
            {t(place ? 'placeEditor.saveChanges' : 'placeEditor.submit')}
          </button>
          <a href={cancelHref} className={buttonStyles.secondary}>
            {t('placeEditor.cancel')}
          </a>
          <p className="w-full text-sm text-gray-600">{t('placeEditor.reviewNote')}</p>
        </div>
      )}
    </form>
  );
}
