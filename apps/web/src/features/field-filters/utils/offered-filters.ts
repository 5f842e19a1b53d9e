import type { Category, CategoryField } from '@karta/contracts';
// From the entry without zod: the panel is on the home page's first view.
import { type FieldFilterParam, filterableFields, typedFilters } from '@karta/contracts/wire';
import { fieldLabel, optionView } from '../../../lib/categories/field-values.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';

/**
 * The types a visitor can filter on, each with its control: the contracts' FILTERABLE_TYPES (a test
 * holds them equal), written out since that list's module builds schemas with zod.
 */
export const PANEL_TYPES = ['boolean', 'enum', 'multi_enum', 'number', 'integer', 'date'] as const;
export type FilterableType = (typeof PANEL_TYPES)[number];

/** One field the panel offers, labelled in the reader's language. */
export interface OfferedField {
  key: string;
  type: FilterableType;
  label: string;
  /** Choices (`enum`, `multi_enum`) in the category's order: the offered ones, and a retired one only while chosen. */
  options: { value: string; label: string }[];
  /** Numbers: the unit shown beside the bounds, and the field's own range. */
  unit?: string;
  min?: number;
  max?: number;
}

/** The fields of one category, or those several share (`categorySlug` null). */
export interface OfferedGroup {
  categorySlug: string | null;
  /** The category's name; empty for the shared group (the panel names it). */
  heading: string;
  fields: OfferedField[];
}

type FilterCategory = Pick<Category, 'slug' | 'name' | 'fields'>;

const isFilterable = (field: CategoryField): field is CategoryField & { type: FilterableType } =>
  field.filterable === true && (PANEL_TYPES as readonly string[]).includes(field.type);

/** The categories a filter applies to: the chosen ones, or every one when none is chosen. */
export function categoriesInScope<C extends Pick<Category, 'slug'>>(
  categories: readonly C[],
  chosen: readonly string[],
): C[] {
  return chosen.length === 0
    ? [...categories]
    : categories.filter((category) => chosen.includes(category.slug));
}

/**
 * The filterable fields of the categories in scope, grouped by category in the categories' order.
 * A key several of them have (one type across the site) is offered once, in a group of its own
 * first, with every category's options: one control for one filter, as the server reads
 * `f.<key>` across categories. Without a chosen category every category's fields are offered,
 * grouped by it: a field filter keeps only the places that hold the value, so its category's name
 * says what the visitor is narrowing to.
 */
/**
 * A category's filterable fields. `fields` may be missing on the first view: the categories'
 * answer is read before the contracts' checks (which fill it in) have loaded, and a browser may
 * hold an answer saved before categories had fields.
 */
function filterableOf(category: FilterCategory) {
  return (category.fields ?? []).filter(isFilterable);
}

export function offeredFilterGroups(
  categories: readonly FilterCategory[],
  chosen: readonly string[],
  filters: readonly FieldFilterParam[],
  language: string,
  fallbackLanguage?: string,
): OfferedGroup[] {
  const scope = categoriesInScope(categories, chosen);
  const owners = new Map<string, number>();
  for (const category of scope) {
    for (const field of filterableOf(category)) owners.set(field.key, (owners.get(field.key) ?? 0) + 1);
  }
  const chosenValues = new Map(filters.map((filter) => [filter.key, new Set(filter.values)]));
  const shared = new Map<string, OfferedField>();
  const groups: OfferedGroup[] = [];
  for (const category of scope) {
    const own: OfferedField[] = [];
    for (const field of filterableOf(category)) {
      const offered = offeredField(field, chosenValues.get(field.key), language, fallbackLanguage);
      if ((owners.get(field.key) ?? 0) < 2) {
        own.push(offered);
        continue;
      }
      const known = shared.get(field.key);
      shared.set(field.key, known ? mergeOptions(known, offered) : offered);
    }
    if (own.length > 0) {
      groups.push({
        categorySlug: category.slug,
        heading: localizeText(category.name, language, fallbackLanguage) || category.slug,
        fields: own,
      });
    }
  }
  return shared.size > 0
    ? [{ categorySlug: null, heading: '', fields: [...shared.values()] }, ...groups]
    : groups;
}

function offeredField(
  field: CategoryField & { type: FilterableType },
  chosen: ReadonlySet<string> | undefined,
  language: string,
  fallbackLanguage?: string,
): OfferedField {
  return {
    key: field.key,
    type: field.type,
    label: fieldLabel(field, language, fallbackLanguage),
    // A retired option is no longer offered, but one a link still asks for stays visible, so it can be removed.
    options: (field.options ?? [])
      .filter((option) => !option.retired || chosen?.has(option.value))
      .map((option) => {
        const view = optionView(field, option.value, language, fallbackLanguage);
        return { value: view.value, label: view.label };
      }),
    ...(field.unit !== undefined ? { unit: field.unit } : {}),
    ...(field.min !== undefined ? { min: field.min } : {}),
    ...(field.max !== undefined ? { max: field.max } : {}),
  };
}

function mergeOptions(known: OfferedField, other: OfferedField): OfferedField {
  const values = new Set(known.options.map((option) => option.value));
  return {
    ...known,
    options: [...known.options, ...other.options.filter((option) => !values.has(option.value))],
  };
}

/**
 * The filters that still mean something for the categories in scope: keys one of them can filter
 * on, values the field can hold (THE reading of filters, `typedFilters`, one value at a time, so a
 * bad value costs only itself). A link made before a field was removed, or filters of a category
 * no longer chosen, would otherwise hide every place with nothing on screen saying why.
 */
export function applicableFilters(
  filters: readonly FieldFilterParam[],
  categories: readonly Pick<Category, 'slug' | 'fields'>[],
  chosen: readonly string[],
): FieldFilterParam[] {
  const fields = filterableFields(categoriesInScope(categories, chosen));
  const holds = (param: FieldFilterParam) => typedFilters([param], fields).issues.length === 0;
  const kept: FieldFilterParam[] = [];
  for (const filter of filters) {
    if (!fields.has(filter.key)) continue;
    const values = filter.values.filter((value) => holds({ key: filter.key, values: [value] }));
    const min =
      filter.min !== undefined && holds({ key: filter.key, values: [], min: filter.min })
        ? filter.min
        : undefined;
    const max =
      filter.max !== undefined && holds({ key: filter.key, values: [], max: filter.max })
        ? filter.max
        : undefined;
    if (values.length === 0 && min === undefined && max === undefined) continue;
    kept.push({
      key: filter.key,
      values,
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    });
  }
  return kept;
}
