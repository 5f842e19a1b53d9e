import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, CloseIcon } from '../ui/icons.tsx';

interface FieldChipProps {
  /** The field's label in the reader's language ("Indoor"). */
  label: string;
  /** A yes/no field's value; absent for other values. */
  yes?: boolean;
  /** Another field's value as text ("Customers only"), shown after its label. */
  text?: string;
  className?: string;
}

/**
 * One of a place's category values as a small pill. Yes reads as the label with a tick ("✓
 * Indoor"), no as the label with a cross and ": no" ("✕ Indoor: no"), which reads the same in
 * every language without making a negative of the label; other values as "Access: Customers only".
 */
export function FieldChip({ label, yes, text, className = '' }: FieldChipProps) {
  const { t } = useTranslation();
  const look =
    yes === undefined
      ? 'bg-gray-100 text-gray-900 ring-gray-300'
      : yes
        ? 'bg-emerald-50 text-emerald-900 ring-emerald-300'
        : 'bg-gray-50 text-gray-700 ring-gray-300';
  return (
    <span
      data-testid="field-chip"
      className={`inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 ring-1 ring-inset ${look} ${className}`}
    >
      {yes === true && <CheckCircleIcon className="size-3.5" />}
      {yes === false && <CloseIcon className="size-3.5" />}
      <span className="min-w-0 break-words">
        {yes === undefined ? (
          <>
            <span className="font-medium">{label}:</span> {text}
          </>
        ) : yes ? (
          <>
            {label}
            <span className="sr-only">{t('places.fields.yesSuffix')}</span>
          </>
        ) : (
          t('places.fields.chipNo', { label })
        )}
      </span>
    </span>
  );
}
