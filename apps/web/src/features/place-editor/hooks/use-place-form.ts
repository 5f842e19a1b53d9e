import type { CategoryField, Extra, ExtraValue } from '@karta/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  extraForCategory,
  formatCoordinate,
  type PlaceField,
  type PlaceFormValues,
} from '../../../lib/places/place-form-values.ts';
import { extraKeyOfPath, extraProblems } from '../utils/validate-extra.ts';
import { formProblems, type PlaceProblem, type PlaceProblems } from '../utils/validate-place-form.ts';

/** What the form needs to judge the category's own fields. */
export interface CategoryFieldRules {
  /** The fields of a category (by the form's `categoryId`), or undefined while it is not known. */
  fieldsOf(categoryId: string): readonly CategoryField[] | undefined;
  /** What the place held before this edit (a retired option it had may stay); `{}` for a proposal. */
  previous: Readonly<Extra>;
}

const NO_RULES: CategoryFieldRules = { fieldsOf: () => undefined, previous: {} };

/** `problems` without those of category fields the form does not show (a key the category lacks). */
function shownOnly(problems: PlaceProblems, fields: readonly CategoryField[] | undefined): PlaceProblems {
  const keys = new Set(fields?.map((field) => field.key));
  return Object.fromEntries(
    Object.entries(problems).filter(([field]) => {
      const key = extraKeyOfPath(field);
      return key === null || keys.has(key);
    }),
  );
}

/**
 * The place form's state: values as typed, which fields the user has left (their problems show
 * from then on, updated as they type), and what the server refused (shown until the field changes).
 * The category's own fields are judged by the values rule of the contracts (`checkExtra`).
 */
export function usePlaceForm(initial: PlaceFormValues, rules: CategoryFieldRules = NO_RULES) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<PlaceField>>(() => new Set());
  const [refused, setRefused] = useState<PlaceProblems>({});
  const [unfinished, setUnfinished] = useState<PlaceProblems>({});
  const { fieldsOf, previous } = rules;
  const categoryFields = fieldsOf(values.categoryId);
  const problems = useMemo(
    () => ({
      ...formProblems(values),
      ...extraProblems(categoryFields, values.extra, previous),
      ...shownOnly(unfinished, categoryFields),
    }),
    [values, categoryFields, previous, unfinished],
  );

  // Values of keys the category lacks (a draft written before a field was removed) leave the form
  // once its fields are known: nothing would show them, and the server would refuse them.
  useEffect(() => {
    if (!categoryFields) return;
    setValues((current) => {
      const kept = extraForCategory(current.extra, categoryFields);
      return Object.keys(kept).length === Object.keys(current.extra).length
        ? current
        : { ...current, extra: kept };
    });
  }, [categoryFields]);

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
      if (field === 'categoryId') {
        // The values of keys the new category also has stay; the others leave the form.
        const fields = fieldsOf(text);
        setValues((current) => ({
          ...current,
          categoryId: text,
          extra: fields ? extraForCategory(current.extra, fields) : current.extra,
        }));
        // A number half-typed in a field the new category lacks left with its widget.
        setUnfinished((current) => {
          const kept = shownOnly(current, fields ?? []);
          return Object.keys(kept).length === Object.keys(current).length ? current : kept;
        });
        forget([field]);
        return;
      }
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
    [forget, fieldsOf],
  );

  /** A category field's value (`undefined`: none). */
  const setExtra = useCallback(
    (key: string, value: ExtraValue | undefined) => {
      setValues((current) => {
        const extra = { ...current.extra };
        if (value === undefined) delete extra[key];
        else extra[key] = value;
        return { ...current, extra };
      });
      forget([`extra.${key}`]);
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
    setExtra,
    /** The fields of the chosen category, in its order (undefined while it is not known). */
    categoryFields,
    /** What the place held before this edit, by key (a retired option it had is still offered). */
    previousExtra: previous,
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
