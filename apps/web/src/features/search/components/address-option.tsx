import type { GeocodeItem } from '@karta/contracts';
import type { UseComboboxGetItemPropsReturnValue } from 'downshift';
import { useTranslation } from 'react-i18next';
import { MapPinIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { addressKindKey } from '../../../lib/geocode/address-options.ts';

const OPTION_CLASS = 'flex cursor-pointer items-start gap-2 px-3 py-2';
const ACTIVE_CLASS = 'bg-blue-50 shadow-[inset_3px_0_0_var(--color-blue-700)]';

interface AddressOptionProps {
  /** downshift's option props: its id, role, aria-selected (the active option) and mouse handlers. */
  optionProps: UseComboboxGetItemPropsReturnValue;
  address: GeocodeItem;
}

/** One address or town found: its label, and what it is (a town, a street, an address). */
export function AddressOption({ optionProps, address }: AddressOptionProps) {
  const { t } = useTranslation();
  return (
    <li
      {...optionProps}
      data-testid="search-address"
      data-kind={address.kind}
      className={`${OPTION_CLASS} ${optionProps['aria-selected'] ? ACTIVE_CLASS : ''}`}
    >
      <MapPinIcon className="mt-0.5 size-4 shrink-0 text-gray-500" />
      <span className="min-w-0 flex-1 text-sm text-gray-900">{address.label}</span>
      <span className="mt-0.5 shrink-0 text-xs text-gray-600">{t(addressKindKey(address.kind))}</span>
    </li>
  );
}

/** Sites that may only ask on request: the option that asks for addresses matching the text. */
export function AskAddressesOption({
  optionProps,
  text,
}: {
  optionProps: UseComboboxGetItemPropsReturnValue;
  text: string;
}) {
  const { t } = useTranslation();
  return (
    <li
      {...optionProps}
      data-testid="search-ask-addresses"
      className={`${OPTION_CLASS} ${optionProps['aria-selected'] ? ACTIVE_CLASS : ''}`}
    >
      <SearchIcon className="mt-0.5 size-4 shrink-0 text-blue-700" />
      <span className="min-w-0 flex-1 text-sm font-medium text-blue-800">{t('addresses.ask', { text })}</span>
    </li>
  );
}
