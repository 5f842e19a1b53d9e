import { useTranslation } from 'react-i18next';

/**
 * The address where the pin rests, offered under the Address field: it fills the field only when
 * pressed, never by itself, so what the person wrote stays. A polite live region, so moving the pin
 * with the keys tells a screen-reader user what is there.
 */
export function AddressOffer({ offer, onUse }: { offer: string | null; onUse(label: string): void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="empty:hidden">
      {offer !== null && (
        <button
          type="button"
          data-testid="address-offer"
          onClick={() => onUse(offer)}
          className="mt-1.5 min-h-9 rounded text-left text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
        >
          {t('placeEditor.addressOffer', { label: offer })}
        </button>
      )}
    </div>
  );
}
