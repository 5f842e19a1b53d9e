import { type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ReasonFieldProps {
  label: string;
  hint?: string;
  testId: string;
  value: string;
  onChange(value: string): void;
  /** The reason was asked for and is missing: said under the field. */
  problem: boolean;
  /** Ctrl+Enter (⌘+Enter) in the field: reject with what was typed, as a mail client sends. */
  onSubmit(): void;
  fieldRef: Ref<HTMLTextAreaElement>;
}

/**
 * A rejection's reason as typed, and whether it was asked for and is missing: `flag()` says so
 * under the field and puts the focus there; typing something clears it. `field` goes to
 * ReasonField as it is.
 */
export function useReason() {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const focus = () => fieldRef.current?.focus();
  return {
    value,
    trimmed: value.trim(),
    clear: () => setValue(''),
    focus,
    flag: () => {
      setProblem(true);
      focus();
    },
    field: {
      value,
      problem,
      fieldRef,
      onChange: (next: string) => {
        setValue(next);
        if (next.trim()) setProblem(false);
      },
    },
  };
}

/** The reason a rejection gives its author: one place's, or a batch's. */
export function ReasonField({
  label,
  hint,
  testId,
  value,
  onChange,
  problem,
  onSubmit,
  fieldRef,
}: ReasonFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {hint && <p className="text-xs text-gray-600">{hint}</p>}
      <textarea
        ref={fieldRef}
        id={id}
        data-testid={testId}
        rows={2}
        maxLength={1000}
        value={value}
        aria-invalid={problem || undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onSubmit();
          }
        }}
        className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm aria-invalid:border-red-600"
      />
      {problem && (
        <p id={errorId} data-testid="reason-error" className="mt-1 text-sm text-red-700">
          {t('review.reasonRequired')}
        </p>
      )}
    </div>
  );
}
