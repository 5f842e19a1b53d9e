import { useCallback, useMemo, useState } from 'react';
import {
  formatCoordinate,
  type PlaceField,
  type PlaceFormValues,
} from '../../../lib/places/place-form-values.ts';
import { formProblems, type PlaceProblem, type PlaceProblems } from '../utils/validate-place-form.ts';

/**
 * The place form's state: values as typed, which fields the user has left (their problems show
 * from then on, updated as they type), and what the server refused (shown until the field changes).
 */
export function usePlaceForm(initial: PlaceFormValues) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<PlaceField>>(() => new Set());
  const [refused, setRefused] = useState<PlaceProblems>({});
  const [unfinished, setUnfinished] = useState<PlaceProblems>({});
  const problems = useMemo(() => ({ ...formProblems(values), ...unfinished }), [values, unfinished]);

  const forget = useCallback((fields: PlaceField[]) => {
    setRefused((current) => {
      if (!fields.some((field) => field in current)) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);

  const setField = useCallback(
    (field: PlaceField, text: string) => {
      setValues((current) => {
        const [group, language] = field.split('.') as [keyof PlaceFormValues, string | undefined];
        if (language) {
          const texts = current[group] as Record<string, string>;
          return { ...current, [group]: { ...texts, [language]: text } };
        }
        return { ...current, [group]: text };
      });
      forget([field]);
    },
    [forget],
  );

  const touch = useCallback((...fields: PlaceField[]) => {
    setTouched((current) =>
      fields.every((field) => current.has(field)) ? current : new Set([...current, ...fields]),
    );
  }, []);

  /** A position from the map: both coordinates at once, as if typed and left. */
  const setPosition = useCallback(
    ({ lat, lng }: { lat: number; lng: number }) => {
      setValues((current) => ({ ...current, lat: formatCoordinate(lat), lng: formatCoordinate(lng) }));
      forget(['lat', 'lng']);
      touch('lat', 'lng');
    },
    [forget, touch],
  );

  /** The problem to show on a field now. */
  const problemOf = useCallback(
    (field: PlaceField): PlaceProblem | undefined =>
      refused[field] ?? (touched.has(field) ? problems[field] : undefined),
    [refused, touched, problems],
  );

  /**
   * A problem a control knows of that the values cannot show (a time half-typed in the hours
   * picker, which the hours' text leaves out); null when it is mended. It stops a save like any other.
   */
  const setUnfinishedProblem = useCallback((field: PlaceField, problem: PlaceProblem | null) => {
    setUnfinished((current) => {
      if (problem === null) {
        if (!(field in current)) return current;
        const next = { ...current };
        delete next[field];
        return next;
      }
      return current[field]?.code === problem.code ? current : { ...current, [field]: problem };
    });
  }, []);

  const reset = useCallback((next: PlaceFormValues) => {
    setValues(next);
    setTouched(new Set());
    setRefused({});
  }, []);

  return {
    values,
    problems,
    problemOf,
    setField,
    setPosition,
    touch,
    /** Shows every problem (on submit). */
    touchAll: () => touch(...(Object.keys(problems) as PlaceField[])),
    setRefused,
    setUnfinishedProblem,
    reset,
  };
}

export type PlaceForm = ReturnType<typeof usePlaceForm>;
