import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '../../../components/ui/field-messages.tsx';
import type { PlaceField } from '../../../lib/places/place-form-values.ts';
import type { PlaceProblem } from '../utils/validate-place-form.ts';
import { fieldTestId } from './field-frame.tsx';

/** What each radio button or checkbox of a group needs. */
export interface ChoiceControlProps {
  name: string;
  'aria-invalid': true | undefined;
}

interface ChoiceFrameProps {
  field: PlaceField;
  legend: string;
  hint?: ReactNode;
  problem: PlaceProblem | undefined;
  children(control: ChoiceControlProps): ReactNode;
}

/**
 * A group of radio buttons or checkboxes of the place form: a fieldset named by its legend, its
 * hint and translated problem tied to the group (`aria-describedby`, as a labelled control's are),
 * and each control marked invalid, so the first problem of the form can take the focus.
 */
export function ChoiceFrame({ field, legend, hint, problem, children }: ChoiceFrameProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, problem ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset data-testid={fieldTestId(field)} aria-describedby={describedBy} className="min-w-0">
      <legend className="block text-sm font-medium text-gray-900">{legend}</legend>
      {/* Under the legend, not under the options as a text field's: read before choosing. */}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      <div className="mt-1.5">{children({ name: field, 'aria-invalid': problem ? true : undefined })}</div>
      <FieldMessages
        field={field}
        hintId={hintId}
        error={problem && t(`placeEditor.problems.${problem.code}`, problem.params ?? {})}
        errorId={errorId}
      />
    </fieldset>
  );
}
