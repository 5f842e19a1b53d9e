import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  type FieldErrorCode,
  type FieldProblem,
  type FieldProblems,
  serverFieldProblems,
} from '../lib/forms/field-problems.ts';

interface AccountFormOptions<F extends string> {
  /** The fields in the order they appear, which is the order focus looks for a problem in. */
  fields: readonly F[];
  validate(values: Record<F, string>): FieldProblems<F>;
  /** Sends the form; a rejection is shown on the fields it names, or above the form. */
  send(values: Record<F, string>): Promise<unknown>;
  /** API errors that are about one field (`wrong_password` → the current password), shown on it. */
  errorFields?: Partial<Record<FieldErrorCode, F>>;
  /** Empties the form once it was sent, as it first was (so no password stays in the page). */
  clearOnSuccess?: boolean;
  /** What a field starts with (and is emptied back to); '' for the fields not named. */
  initialValues?: Partial<Record<F, string>>;
}

/**
 * The state of an account form: values, which fields were left (touched), the problems to show,
 * and the submit handler. A field's own problems show once it has been left or the form was
 * submitted, and then follow every keystroke; the server's problem with a field stays until that
 * field is edited. On a refused submit, focus goes to the first field with a problem.
 */
export function useAccountForm<F extends string>({
  fields,
  validate,
  send,
  errorFields,
  clearOnSuccess = false,
  initialValues = {},
}: AccountFormOptions<F>) {
  const emptyValues = () =>
    Object.fromEntries(fields.map((f) => [f, initialValues[f] ?? ''])) as Record<F, string>;
  const [values, setValues] = useState(emptyValues);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [serverProblems, setServerProblems] = useState<FieldProblems<F>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ field: F } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const ownProblems = validate(values);

  const problemOf = (field: F): FieldProblem | undefined =>
    (touched[field] ? ownProblems[field] : undefined) ?? serverProblems[field];

  // Focus moves after the render that shows the problem, so the field is read with its message.
  useEffect(() => {
    if (!focusRequest) return;
    const named = formRef.current?.elements.namedItem(focusRequest.field);
    // A group of inputs under one name (checkboxes, radio buttons): its first.
    const element = named instanceof RadioNodeList ? named[0] : named;
    if (element instanceof HTMLElement) element.focus();
  }, [focusRequest]);

  const setValue = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerProblems((current) => {
      if (!current[field]) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest as FieldProblems<F>;
    });
  }, []);

  const touch = useCallback((field: F) => {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);

  const firstWithProblem = (problems: FieldProblems<F>) => fields.find((field) => problems[field]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setTouched(Object.fromEntries(fields.map((f) => [f, true])) as Record<F, boolean>);
    setFormError(null);
    const invalid = firstWithProblem(ownProblems);
    if (invalid) {
      setFocusRequest({ field: invalid });
      return;
    }
    setSending(true);
    try {
      await send(values);
      if (clearOnSuccess) {
        setValues(emptyValues());
        setTouched({});
      }
    } catch (error) {
      const { problems, unplaced } = serverFieldProblems(error, fields, errorFields);
      setServerProblems(problems);
      if (unplaced) setFormError(error);
      const first = firstWithProblem(problems);
      if (first) setFocusRequest({ field: first });
    } finally {
      setSending(false);
    }
  }

  /** The props a field needs from the form. */
  const fieldProps = (field: F) => ({
    name: field,
    value: values[field],
    onChange: (value: string) => setValue(field, value),
    onBlur: () => touch(field),
  });

  return { formRef, values, fieldProps, problemOf, formError, sending, onSubmit };
}
