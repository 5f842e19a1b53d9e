import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import type { PlaceFormValues } from '../../../lib/places/place-form-values.ts';

/**
 * A coarse position (about 100 m or 1 km) with an address: the address is public and may point
 * at the very spot the coarse position hides. The author decides; the form only warns (the
 * address stays public, since for most coarse places the street is what visitors need).
 */
export function AddressPrivacyWarning({
  values,
}: {
  values: Pick<PlaceFormValues, 'locationPrivacy' | 'address'>;
}) {
  const { t } = useTranslation();
  const privacy = values.locationPrivacy;
  const shown = privacy !== 'exact' && values.address.trim() !== '';
  return (
    // Always present, so screen readers announce the warning when it appears.
    <div role="status">
      {shown && (
        <p
          id="address-privacy-warning"
          data-testid="address-privacy-warning"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-amber-700" />
          {t(`placeEditor.privacy.${privacy}.addressWarning`)}
        </p>
      )}
    </div>
  );
}
