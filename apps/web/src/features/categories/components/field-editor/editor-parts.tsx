import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../../components/ui/icons.tsx';
import { languageNameIn } from '../../../../lib/i18n/locales.ts';
import type { FieldProblem } from '../../utils/field-problems.ts';

/**
 * The small pieces the field editor is built of: a labelled input with its hint and problem, a
 * text per language, a checkbox with its hint, and buttons a thumb can hit (44 px at least).
 */

const buttonShape =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-medium aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/** A button of the editor: 44 px high at least, so a thumb hits it on a phone. */
export const editorButton = `${buttonShape} border-gray-300 bg-white text-gray-800 hover:border-gray-400 hover:bg-gray-50`;

/** A button that removes or deletes something (red words on white). */
export const removeButton = `${buttonShape} border-gray-300 bg-white text-red-800 hover:border-red-300 hover:bg-red-50`;

/** The button that confirms a removal or a deletion (white on red). */
export const confirmRemoveButton = `${buttonShape} border-red-700 bg-red-700 text-white hover:border-red-800 hover:bg-red-800`;

/** An icon-only button (its name is for screen readers and the tooltip). */
export const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-gray-300 bg-white text-gray-700 hover:border-gray-400 hover:bg-gray-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

/** The look of an input; red when its value has a problem. Text is 16 px on phones, so they do not zoom. */
export function inputClass(invalid: boolean, extra = ''): string {
  return `mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-gray-900 sm:text-sm ${
    invalid ? 'border-red-600' : 'border-gray-300 hover:border-gray-400'
  } ${extra}`;
}

/** A problem's words, tied to its control by id; in a polite live region so it is read when it appears. */
export function ProblemText({ id, problem }: { id: string; problem: FieldProblem | undefined }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite">
      {problem && (
        <p
          id={id}
          data-testid="field-problem"
          data-problem={problem.code}
          className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <span>{t(`categories.fields.problems.${problem.code}`, problem.params ?? {})}</span>
        </p>
      )}
    </div>
  );
}

/** What ties a control to its hint and problem. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

interface TextInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
  problem?: FieldProblem;
  testId: string;
  maxLength?: number;
  /** Keys and values: typed as they are stored, in a typewriter face. */
  code?: boolean;
  inputMode?: 'text' | 'decimal';
  className?: string;
}

/** One labelled line of text (label above it, hint and problem under it). */
export function TextInput({
  label,
  value,
  onChange,
  hint,
  problem,
  testId,
  maxLength,
  code,
  inputMode,
  className = '',
}: TextInputProps) {
  const id = useId();
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        data-testid={testId}
        value={value}
        maxLength={maxLength}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, problem && `${id}-problem`)}
        {...(code ? { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } : {})}
        className={inputClass(Boolean(problem), code ? 'font-mono' : '')}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      <ProblemText id={`${id}-problem`} problem={problem} />
    </div>
  );
}

interface PerLanguageProps {
  languages: readonly string[];
  /** The label of one language's input, given the language's name in the reader's language. */
  labelOf(languageName: string): string;
  values: Readonly<Record<string, string>>;
  onChange(language: string, value: string): void;
  hint?: ReactNode;
  problem?: FieldProblem;
  /** `field-label` gives `field-label-hr`, `field-label-en`. */
  testId: string;
  maxLength: number;
  multiline?: boolean;
}

/**
 * A text in each of the site's languages, side by side from tablets up and one under another on
 * phones. The problem is about the text as a whole ("in at least one language"), so it is shown
 * once, under them, and every input points at it.
 */
export function PerLanguageInputs({
  languages,
  labelOf,
  values,
  onChange,
  hint,
  problem,
  testId,
  maxLength,
  multiline,
}: PerLanguageProps) {
  const { i18n } = useTranslation();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  return (
    <div>
      <div className="grid gap-3 sm:grid-cols-2">
        {languages.map((language) => {
          const props = {
            id: `${id}-${language}`,
            lang: language,
            'data-testid': `${testId}-${language}`,
            value: values[language] ?? '',
            maxLength,
            'aria-invalid': problem ? (true as const) : undefined,
            'aria-describedby': describedBy(hintId, problemId),
          };
          return (
            <div key={language} className="min-w-0">
              <label htmlFor={props.id} className="block text-sm font-medium text-gray-800">
                {labelOf(languageNameIn(language, i18n.language))}
              </label>
              {multiline ? (
                <textarea
                  {...props}
                  rows={2}
                  onChange={(event) => onChange(language, event.target.value)}
                  className={inputClass(Boolean(problem), 'py-2')}
                />
              ) : (
                <input
                  {...props}
                  onChange={(event) => onChange(language, event.target.value)}
                  className={inputClass(Boolean(problem))}
                />
              )}
            </div>
          );
        })}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      <ProblemText id={`${id}-problem`} problem={problem} />
    </div>
  );
}

interface CheckboxRowProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange(checked: boolean): void;
  testId: string;
  problem?: FieldProblem;
}

/** A checkbox with its label beside it and its hint under, the whole row a target to tap. */
export function CheckboxRow({ label, hint, checked, onChange, testId, problem }: CheckboxRowProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3 py-1">
        <input
          id={id}
          type="checkbox"
          data-testid={testId}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(`${id}-hint`, problem && `${id}-problem`)}
          className="mt-0.5 size-5 shrink-0 accent-blue-700"
        />
        <span className="min-w-0">
          <span className="block text-sm font-medium text-gray-900">{label}</span>
          <span id={`${id}-hint`} className="block text-xs text-gray-600">
            {hint}
          </span>
        </span>
      </label>
      <ProblemText id={`${id}-problem`} problem={problem} />
    </div>
  );
}
