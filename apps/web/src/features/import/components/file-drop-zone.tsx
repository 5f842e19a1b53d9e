import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ACCEPTED_FILES, IMPORT_LIMIT_MB } from '../utils/file-format.ts';

/**
 * Where a file is chosen: the native file input (keyboard and screen readers use it as it is,
 * behind a visible button-like label), and the same area takes a dropped file.
 */
export function FileDropZone({
  onFile,
  focusOnShow = false,
}: {
  onFile(file: File): void;
  focusOnShow?: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // Shown again by "Choose another file", whose button is gone: the focus comes here.
  useEffect(() => {
    if (focusOnShow) inputRef.current?.focus();
  }, [focusOnShow]);

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    // Dropping is a shortcut for choosing with the input inside, so it needs no key handling.
    <section
      aria-label={t('importer.file.drop')}
      data-testid="import-drop-zone"
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:border-blue-700 ${
        dragging ? 'border-blue-700 bg-blue-50' : 'border-gray-300 bg-gray-50'
      }`}
    >
      <p className="text-sm font-medium text-gray-900">{t('importer.file.drop')}</p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPTED_FILES}
        data-testid="import-file-input"
        aria-describedby={hintId}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again (after fixing it) is a change too.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={inputId}
        className={`${buttonStyles.primary} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700`}
      >
        {t('importer.file.choose')}
      </label>
      <p id={hintId} className="max-w-md text-sm text-gray-600">
        {t('importer.file.hint', { limit: IMPORT_LIMIT_MB })}
      </p>
    </section>
  );
}
