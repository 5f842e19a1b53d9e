import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

interface DismissButtonProps {
  testId: string;
  onDismiss(): void;
  className?: string;
}

/** The × that hides a message over the map, named for screen readers ("Hide this message"). */
export function DismissButton({ testId, onDismiss, className = 'p-1.5' }: DismissButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid={testId}
      aria-label={t('map.dismissMessage')}
      title={t('map.dismissMessage')}
      className={`rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-800 ${className}`}
      onClick={onDismiss}
    >
      <CloseIcon />
    </button>
  );
}
