import { useId } from 'react';
import { FieldMessages } from '../../../components/ui/field-messages.tsx';
import { choicesOf, toggleChoice } from '../utils/webhook-events.ts';

interface ChoiceBoxesProps {
  /** The form field's name: focus goes to its first box when the form points at it. */
  name: string;
  legend: string;
  hint?: string;
  choices: readonly { value: string; label: string }[];
  /** The chosen values, comma-separated, as the form holds them. */
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: string;
  testId: string;
}

/** A group of checkboxes for one form field that holds several choices, with its hint and problem. */
export function ChoiceBoxes({
  name,
  legend,
  hint,
  choices,
  value,
  onChange,
  onBlur,
  error,
  testId,
}: ChoiceBoxesProps) {
  const id = useId();
  const chosen = choicesOf(value);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  // A box's problem shows on the click that clears the last one, not when focus leaves it.
  const toggle = (choice: string, on: boolean) => {
    onChange(toggleChoice(value, choice, on));
    onBlur();
  };
  return (
    <fieldset aria-describedby={describedBy || undefined} data-testid={testId}>
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-w-0 items-start gap-3 rounded-lg border border-gray-200 px-3 py-2.5 hover:bg-gray-50"
          >
            <input
              type="checkbox"
              name={name}
              value={choice.value}
              checked={chosen.includes(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-5 shrink-0 accent-blue-700"
            />
            <span className="min-w-0 text-sm break-words text-gray-900">{choice.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages field={name} hint={hint} hintId={`${id}-hint`} error={error} errorId={`${id}-error`} />
    </fieldset>
  );
}
