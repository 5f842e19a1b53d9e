import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface RangeInputsProps {
  legend: string;
  kind: 'number' | 'integer' | 'date';
  unit?: string;
  /** The bounds filtered on, as the URL writes them (`1.5`, `2026-05-01`). */
  min: string | undefined;
  max: string | undefined;
  onChange(min: string | undefined, max: string | undefined): void;
}

/** Typing settles into a filter after this pause (or at once on Enter or leaving the field). */
export const RANGE_DELAY_MS = 600;

const NUMBER = /^-?\d{1,15}(\.\d{1,10})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Problem = 'notANumber' | 'notADate' | 'minAboveMax';

/** A bound as typed: empty (no bound), a value, or a problem to say. */
function readBound(text: string, kind: RangeInputsProps['kind'], badInput: boolean) {
  const value = text.trim();
  if (value === '' && !badInput) return { value: undefined };
  if (kind === 'date') return DATE.test(value) ? { value } : { problem: 'notADate' as const };
  return NUMBER.test(value) ? { value } : { problem: 'notANumber' as const };
}

const inputClass =
  'block h-11 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 tabular-nums aria-[invalid=true]:border-red-700';

/**
 * Numbers and dates: "From" and "To" (each inclusive, each optional). What is typed becomes the
 * filter once it pauses, on Enter or on leaving the field; a bound that is no number or date, or a
 * "From" above the "To", is said under the fields and changes nothing.
 */
export function RangeInputs({ legend, kind, unit, min, max, onChange }: RangeInputsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [texts, setTexts] = useState({ min: min ?? '', max: max ?? '' });
  const bad = useRef({ min: false, max: false });
  // What this control last sent: its own change coming back is no reason to retype the fields
  // (the user may have typed on since).
  const sent = useRef({ min, max });
  // Cleared or changed from outside (Clear filters, Back): show the filter's bounds again.
  const [shown, setShown] = useState({ min, max });
  if (shown.min !== min || shown.max !== max) {
    setShown({ min, max });
    if (sent.current.min !== min || sent.current.max !== max) {
      sent.current = { min, max };
      setTexts({ min: min ?? '', max: max ?? '' });
    }
  }

  const low = readBound(texts.min, kind, bad.current.min);
  const high = readBound(texts.max, kind, bad.current.max);
  let problem: Problem | undefined = low.problem ?? high.problem;
  if (!problem && low.value !== undefined && high.value !== undefined) {
    const above = kind === 'date' ? low.value > high.value : Number(low.value) > Number(high.value);
    if (above) problem = 'minAboveMax';
  }
  const invalid = {
    min: low.problem !== undefined || problem === 'minAboveMax',
    max: high.problem !== undefined || problem === 'minAboveMax',
  };

  const commit = () => {
    if (problem) return;
    if (low.value === min && high.value === max) return;
    sent.current = { min: low.value, max: high.value };
    onChange(low.value, high.value);
  };
  const latestCommit = useRef(commit);
  latestCommit.current = commit;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pause restarts with each change of the text
  useEffect(() => {
    const timer = window.setTimeout(() => latestCommit.current(), RANGE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [texts.min, texts.max]);

  const input = (bound: 'min' | 'max') => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${bound}`} className="block text-xs font-medium text-gray-700">
        {t(bound === 'min' ? 'filters.from' : 'filters.to')}
        {unit && <span className="font-normal text-gray-600"> ({unit})</span>}
      </label>
      <input
        id={`${id}-${bound}`}
        data-bound={bound}
        type={kind === 'date' ? 'date' : 'number'}
        step={kind === 'number' ? 'any' : kind === 'integer' ? 1 : undefined}
        inputMode={kind === 'date' ? undefined : kind === 'integer' ? 'numeric' : 'decimal'}
        value={texts[bound]}
        aria-invalid={invalid[bound]}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          bad.current[bound] = event.target.validity?.badInput === true;
          setTexts((current) => ({ ...current, [bound]: event.target.value }));
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        className={`mt-1 ${inputClass}`}
      />
    </div>
  );

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-gray-900">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">
        {input('min')}
        {input('max')}
      </div>
      {problem && (
        <p id={`${id}-problem`} data-testid="range-problem" className="mt-1 text-sm text-red-700">
          {t(`filters.${problem}`)}
        </p>
      )}
    </fieldset>
  );
}
