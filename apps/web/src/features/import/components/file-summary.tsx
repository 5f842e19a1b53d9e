import type { ImportFormat } from '@karta/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { formatFileSize } from '../utils/file-format.ts';

interface FileSummaryProps {
  name: string;
  size: number;
  /** Rows (CSV records or GeoJSON features), when the browser could count them. */
  rows: number | null;
  format: ImportFormat;
  disabled: boolean;
  onFormat(format: ImportFormat): void;
  onChooseAnother(): void;
}

/** The chosen file: its name, size and rows, its format (detected, changeable), and a way to change it. */
export function FileSummary({
  name,
  size,
  rows,
  format,
  disabled,
  onFormat,
  onChooseAnother,
}: FileSummaryProps) {
  const { t, i18n } = useTranslation();
  const formatId = useId();
  const nameRef = useRef<HTMLParagraphElement>(null);

  // It takes the place of the file input that had the focus: the focus moves to the file chosen.
  useEffect(() => nameRef.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p
          ref={nameRef}
          tabIndex={-1}
          data-testid="import-file-name"
          className="font-medium break-all text-gray-900 outline-none"
        >
          {name}
        </p>
        <p className="text-sm text-gray-600">
          {formatFileSize(size, i18n.language)}
          {rows !== null && ` · ${t('importer.file.rows', { count: rows })}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={formatId} className="text-sm text-gray-700">
          {t('importer.file.format')}
        </label>
        <select
          id={formatId}
          data-testid="import-format"
          value={format}
          disabled={disabled}
          onChange={(event) => onFormat(event.target.value as ImportFormat)}
          className="h-9 rounded-lg border border-gray-300 bg-white px-2 text-sm text-gray-900"
        >
          <option value="csv">{t('importer.file.formats.csv')}</option>
          <option value="geojson">{t('importer.file.formats.geojson')}</option>
        </select>
        <button
          type="button"
          data-testid="import-choose-another"
          disabled={disabled}
          onClick={onChooseAnother}
          className={buttonStyles.secondary}
        >
          {t('importer.file.another')}
        </button>
      </div>
    </div>
  );
}
