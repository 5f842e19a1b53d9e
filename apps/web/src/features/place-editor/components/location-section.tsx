import type { GeocodeItem, LocationPrivacy } from '@karta/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocateButton } from '../../../components/locate-button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useGeocoder } from '../../../lib/geocode/address-search.ts';
import { formPosition, parseNumber } from '../../../lib/places/place-form-values.ts';
import { asShown } from '../hooks/use-pin-address.ts';
import type { PlaceForm } from '../hooks/use-place-form.ts';
import { AddressCombobox } from './address-combobox.tsx';
import { FieldFrame, inputClass } from './field-frame.tsx';

/** What the map beside the form is given (the app draws it: the map is another feature's). */
export interface PickerMapRequest {
  /** Where the marker is, or null before the user placed it. */
  position: { lat: number; lng: number } | null;
  /** The radius to draw around it, in metres. */
  radius: number | null;
  /** The user clicked the map, dragged the marker or moved it with the keys. */
  onPick(position: { lat: number; lng: number }): void;
  /**
   * Where the map should now show in its middle (the user's location, once found), or null: a new
   * object each time, so finding the same spot again brings the map back to it.
   */
  focus: { lat: number; lng: number } | null;
}

const PRIVACY_OPTIONS: readonly LocationPrivacy[] = ['exact', '100m', '1km'];

/** The slider runs on a logarithmic scale: 0 is 1 m, 100 is 100 km, each 20 steps ten times more. */
const SLIDER_MAX = 100;
export const metresOfSlider = (step: number) => Math.round(10 ** (step / 20));
export const sliderOfMetres = (metres: number) =>
  Math.max(0, Math.min(SLIDER_MAX, Math.round(20 * Math.log10(Math.max(metres, 1)))));

interface LocationSectionProps {
  form: PlaceForm;
  renderMap(request: PickerMapRequest): ReactNode;
  /** An address was chosen from the search: the pin goes there (and perhaps its Address field). */
  onChooseAddress?(item: GeocodeItem): void;
}

/**
 * Where the place is: three equal ways to set it (an address, the device's location, the map to
 * click and drag on), its coordinates, radius and location privacy. The address comes first: it
 * needs neither the map nor location access, so a screen-reader user can set a position by it alone.
 */
export function LocationSection({ form, renderMap, onChooseAddress }: LocationSectionProps) {
  const { t } = useTranslation();
  const geocoder = useGeocoder();
  const { defaultCenter } = useRuntimeConfig();
  const { values, problemOf, setField, touch, setPosition } = form;
  const position = formPosition(values);
  const radius = parseNumber(values.radius);
  const validRadius = radius !== null && radius >= 1 && radius <= 100_000 ? radius : null;
  // The slider's own position, kept while it matches the radius: near 1 m several steps round to
  // the same metres, and deriving the position from the metres would pin the slider there.
  const [step, setStep] = useState<number | null>(null);
  const [focus, setFocus] = useState<PickerMapRequest['focus']>(null);
  const sliderStep =
    validRadius === null
      ? 0
      : step !== null && metresOfSlider(step) === validRadius
        ? step
        : sliderOfMetres(validRadius);

  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-gray-900">{t('placeEditor.location.title')}</legend>
      <p className="text-sm text-gray-600">
        {t(geocoder ? 'placeEditor.location.byAddressHelp' : 'placeEditor.location.help')}
      </p>
      {geocoder && onChooseAddress && (
        <AddressCombobox
          geocoder={geocoder}
          near={position ?? defaultCenter}
          onChoose={(item) => {
            onChooseAddress(item);
            setFocus(asShown(item));
          }}
        />
      )}
      <LocateButton
        messages="placeEditor.locate"
        tone="secondary"
        keptNote={position !== null ? t('placeEditor.locate.markerKept') : null}
        foundNote={t('placeEditor.locate.found')}
        onFound={(found) => {
          // As the fields will hold it, so the map is asked for the very position it is given.
          const shown = asShown(found);
          setPosition(shown);
          setFocus(shown);
        }}
      />
      {renderMap({ position, radius: validRadius, onPick: setPosition, focus })}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {(['lat', 'lng'] as const).map((field) => (
          <FieldFrame
            key={field}
            field={field}
            label={t(`placeEditor.location.${field}`)}
            problem={problemOf(field)}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={values[field]}
                onChange={(event) => setField(field, event.target.value)}
                onBlur={() => touch(field)}
                className={`${inputClass(Boolean(control['aria-invalid']))} h-11`}
              />
            )}
          </FieldFrame>
        ))}
      </div>
      <FieldFrame
        field="radius"
        label={t('placeEditor.location.radius')}
        hint={t('placeEditor.location.radiusHint')}
        problem={problemOf('radius')}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            <input
              type="range"
              data-testid="radius-slider"
              aria-label={t('placeEditor.location.radiusSlider')}
              aria-valuetext={
                validRadius === null
                  ? t('placeEditor.location.noRadius')
                  : t('placeEditor.location.metres', { count: validRadius })
              }
              min={0}
              max={SLIDER_MAX}
              step={1}
              value={sliderStep}
              onChange={(event) => {
                const next = Number(event.target.value);
                setStep(next);
                setField('radius', String(metresOfSlider(next)));
                touch('radius');
              }}
              className="h-11 min-w-40 flex-1 accent-blue-700"
            />
            <div className="flex items-center gap-2">
              <input
                {...control}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={values.radius}
                onChange={(event) => setField('radius', event.target.value)}
                onBlur={() => touch('radius')}
                className={`${inputClass(Boolean(control['aria-invalid']))} h-11 w-28`}
              />
              <span className="text-sm text-gray-700">{t('placeEditor.location.metresUnit')}</span>
            </div>
            {values.radius !== '' && (
              <button
                type="button"
                data-testid="clear-radius"
                onClick={() => setField('radius', '')}
                className="text-sm font-medium text-blue-700 underline-offset-2 hover:underline"
              >
                {t('placeEditor.location.clearRadius')}
              </button>
            )}
          </div>
        )}
      </FieldFrame>
      <fieldset data-testid="field-locationPrivacy">
        <legend className="text-sm font-medium text-gray-900">{t('placeEditor.privacy.title')}</legend>
        <div className="mt-2 space-y-2">
          {PRIVACY_OPTIONS.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
            >
              <input
                type="radio"
                name="locationPrivacy"
                value={option}
                data-testid={`privacy-${option}`}
                checked={values.locationPrivacy === option}
                onChange={() => setField('locationPrivacy', option)}
                className="mt-1 size-4 accent-blue-700"
              />
              <span>
                <span className="block text-sm font-medium text-gray-900">
                  {t(`placeEditor.privacy.${option}.label`)}
                </span>
                <span className="block text-sm text-gray-600">{t(`placeEditor.privacy.${option}.help`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}
