import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '../../../components/ui/field-messages.tsx';
import type { PlaceField } from '../../../lib/places/place-form-values.ts';
import type { PlaceProblem } from '../utils/validate-place-form.ts';

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  name: string;
  'data-testid': string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  field: PlaceField;
  label: string;
  hint?: ReactNode;
  problem: PlaceProblem | undefined;
  className?: string;
  children(control: ControlProps): ReactNode;
}

/** The `data-testid` of a field: `field-name-en` for `name.en`. */
export function fieldTestId(field: PlaceField): string {
  return `field-${field.replace('.', '-')}`;
}

/** Base look of the form's inputs; red when the value has a problem. */
export function inputClass(invalid: boolean): string {
  return `block w-full rounded-lg border bg-white px-3 text-base text-gray-900 shadow-xs sm:text-sm ${
    invalid ? 'border-red-600' : 'border-gray-300 hover:border-gray-400'
  }`;
}

/**
 * A labelled control of the place form with its hint and translated problem, tied with
 * `aria-describedby`; the problem sits in a polite live region, so it is read when it appears.
 */
export function FieldFrame({ field, label, hint, problem, className = '', children }: FieldFrameProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, problem ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="mt-1.5">
        {children({
          id,
          name: field,
          'data-testid': fieldTestId(field),
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': describedBy,
        })}
      </div>
      <FieldMessages
        field={field}
        hint={hint}
        hintId={hintId}
        error={problem && t(`placeEditor.problems.${problem.code}`, problem.params ?? {})}
        errorId={errorId}
      />
    </div>
  );
}
