import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { CopyIcon, LinkIcon } from '../../../components/ui/icons.tsx';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard.ts';

/** Selects a read-only field's whole text on focus, so copying by hand takes one keystroke. */
function selectAll(event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) {
  event.currentTarget.select();
}

interface CopyFieldProps {
  label: string;
  value: string;
  testId: string;
  copyTestId: string;
  className?: string;
}

/** A link to give away, read-only, with "Copy link" beside it (below it on a phone). */
export function CopyLinkField({
  label,
  value,
  testId,
  copyTestId,
  className = 'mt-5',
  primary = true,
}: CopyFieldProps & { primary?: boolean }) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          data-testid={testId}
          readOnly
          value={value}
          onFocus={selectAll}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-900"
        />
        <button
          type="button"
          data-testid={copyTestId}
          className={`${primary ? buttonStyles.primary : buttonStyles.secondary} shrink-0`}
          onClick={() => void copy(value)}
        >
          <LinkIcon className="size-4" />
          {t('share.copyLink')}
        </button>
      </div>
    </div>
  );
}

/** The `<iframe>` code to paste, read-only, with "Copy code" (and any other buttons) under it. */
export function CopyCodeField({
  label,
  hint,
  value,
  testId,
  copyTestId,
  className = 'mt-5',
  children,
}: CopyFieldProps & { hint?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard();
  const id = useId();
  const hintId = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-xs text-gray-600">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        data-testid={testId}
        readOnly
        value={value}
        rows={5}
        aria-describedby={hint ? hintId : undefined}
        onFocus={selectAll}
        className="mt-1.5 block w-full resize-none rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs break-all text-gray-900"
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {children}
        <button
          type="button"
          data-testid={copyTestId}
          className={buttonStyles.primary}
          onClick={() => void copy(value)}
        >
          <CopyIcon className="size-4" />
          {t('share.copyCode')}
        </button>
      </div>
    </div>
  );
}
