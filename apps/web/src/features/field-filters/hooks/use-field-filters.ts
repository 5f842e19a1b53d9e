import type { FieldFilterParam } from '@karta/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { fieldFiltersKey, sameFieldFilters } from '../../../lib/view-url-filters.ts';
import { applicableFilters, offeredFilterGroups } from '../utils/offered-filters.ts';

interface FieldFiltersInputs {
  /** The categories chosen (none: every one). */
  categories: readonly string[];
  /** The filters of the page's URL. */
  filters: readonly FieldFilterParam[];
  /** Called with the filters that still apply when the URL holds some that do not (an old link). */
  onDropped(kept: FieldFilterParam[]): void;
}

/**
 * The field filters of a page, read against the categories: the fields to offer, the filters that
 * apply (what requests send), and the filters to keep when the chosen categories change. A link
 * whose filters name a field no chosen category offers any more has them removed from the URL, and
 * the visitor is told, rather than shown a map emptied for no visible reason.
 */
export function useFieldFilters({ categories: chosen, filters, onDropped }: FieldFiltersInputs) {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const showToast = useToast();
  const all = useCategories().data;
  const language = i18n.language;

  const groups = useMemo(
    () => (all ? offeredFilterGroups(all, chosen, filters, language, config.defaultLanguage) : []),
    [all, chosen, filters, language, config.defaultLanguage],
  );
  const applicable = useMemo(
    () => (all ? applicableFilters(filters, all, chosen) : [...filters]),
    [all, filters, chosen],
  );
  // The URL's filters, while some of them do not apply: each such URL is cleaned once.
  const droppedFrom = sameFieldFilters(applicable, filters) ? null : fieldFiltersKey(filters);

  const latest = useRef({ applicable, onDropped });
  latest.current = { applicable, onDropped };
  useEffect(() => {
    if (droppedFrom === null) return;
    showToast(t('filters.dropped'));
    latest.current.onDropped(latest.current.applicable);
  }, [droppedFrom, showToast, t]);

  return {
    groups,
    /** The filters requests send: those of the URL that apply (all of them until the categories are known). */
    filters: applicable,
    /** The filters that stay when the chosen categories become `next` (a field none of them has goes). */
    keptFor: (next: readonly string[]) => (all ? applicableFilters(filters, all, next) : [...filters]),
  };
}
