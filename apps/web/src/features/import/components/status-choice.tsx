import type { ImportStatus } from '@karta/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const STATUSES: readonly ImportStatus[] = ['pending', 'published'];

/** The status the file's new places get: pending (reviewed first, the default) or published at once. */
export function StatusChoice({
  value,
  onChange,
}: {
  value: ImportStatus;
  onChange(status: ImportStatus): void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">{t('importer.status.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {STATUSES.map((status) => (
          <label
            key={status}
            className={`flex cursor-pointer gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700 ${
              value === status
                ? 'border-blue-700 bg-blue-50'
                : 'border-gray-300 bg-white hover:border-gray-400'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={status}
              checked={value === status}
              data-testid={`import-status-${status}`}
              onChange={() => onChange(status)}
              className="mt-0.5 size-4 accent-blue-700"
            />
            <span>
              <span className="block text-sm font-semibold text-gray-900">
                {t(`importer.status.${status}`)}
              </span>
              <span className="block text-sm text-gray-600">{t(`importer.status.${status}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
      <p className="mt-2 text-xs text-gray-600">{t('importer.status.existing')}</p>
    </fieldset>
  );
}
