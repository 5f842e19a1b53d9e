import type { FieldFilterParam } from '@karta/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFilterControl } from '../../../features/field-filters/components/field-filter-control.tsx';
import type { OfferedGroup } from '../../../features/field-filters/utils/offered-filters.ts';
import type { CategoryView } from '../../../lib/categories/use-category-looks.ts';
import { EMBED_HEIGHT_RANGE, type EmbedOptions } from '../../../lib/embed-options.ts';
import { languageName } from '../../../lib/i18n/locales.ts';

export interface EmbedChoices {
  categories: readonly string[];
  filters: readonly FieldFilterParam[];
  options: EmbedOptions;
}

interface EmbedOptionsFormProps {
  choices: EmbedChoices;
  /** Every category, to choose among. */
  categories: readonly CategoryView[];
  /** The filterable fields of the chosen categories, as the home page offers them. */
  groups: readonly OfferedGroup[];
  /** The site's languages. */
  languages: readonly string[];
  onCategoriesChange(categories: string[]): void;
  onFiltersChange(filters: FieldFilterParam[]): void;
  onOptionsChange(options: EmbedOptions): void;
}

const LEGEND = 'text-sm font-medium text-gray-900';
const CHECK_ROW = 'flex min-h-11 items-center gap-3 text-sm text-gray-900';
const CHECKBOX = 'size-5 shrink-0 accent-blue-700';

/** The parts an embed may show besides the map, each a checkbox. */
const PARTS = ['list', 'fullscreen', 'propose'] as const;

interface OptionRowProps {
  type: 'checkbox' | 'radio';
  testId: string;
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
}

/** One option: a checkbox, or a radio button of the area's pair, with its label beside it. */
function OptionRow({ type, testId, checked, onChange, label }: OptionRowProps) {
  return (
    <label className={CHECK_ROW}>
      <input
        type={type}
        name={type === 'radio' ? 'embed-area' : undefined}
        className={CHECKBOX}
        data-testid={testId}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {label}
    </label>
  );
}

/** What a partner chooses for the embed: categories, field filters, language, height, parts, area. */
export function EmbedOptionsForm(props: EmbedOptionsFormProps) {
  const { t } = useTranslation();
  const { choices, categories, groups, languages } = props;
  const { options } = choices;
  const languageId = useId();
  const heightId = useId();
  const set = (change: Partial<EmbedOptions>) => props.onOptionsChange({ ...options, ...change });
  const toggleCategory = (slug: string, on: boolean) =>
    props.onCategoriesChange(
      on ? [...choices.categories, slug] : choices.categories.filter((chosen) => chosen !== slug),
    );

  return (
    <div className="space-y-5" data-testid="embed-options">
      <fieldset>
        <legend className={LEGEND}>{t('embedBuilder.categories')}</legend>
        <p className="mt-0.5 text-xs text-gray-600">{t('embedBuilder.categoriesHint')}</p>
        <div className="mt-1 grid grid-cols-1 sm:grid-cols-2">
          {categories.map((category) => (
            <label key={category.slug} className={CHECK_ROW}>
              <input
                type="checkbox"
                className={CHECKBOX}
                data-testid={`embed-category-${category.slug}`}
                checked={choices.categories.includes(category.slug)}
                onChange={(event) => toggleCategory(category.slug, event.currentTarget.checked)}
              />
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: category.color }}
              />
              {category.name}
            </label>
          ))}
        </div>
      </fieldset>

      {groups.length > 0 && (
        <fieldset data-testid="embed-filters">
          <legend className={LEGEND}>{t('embedBuilder.filters')}</legend>
          <div className="mt-2 space-y-4">
            {groups.flatMap((group) =>
              group.fields.map((field) => (
                <FieldFilterControl
                  key={field.key}
                  field={field}
                  filters={choices.filters}
                  onChange={props.onFiltersChange}
                />
              )),
            )}
          </div>
        </fieldset>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={languageId} className={LEGEND}>
            {t('embedBuilder.language')}
          </label>
          <select
            id={languageId}
            data-testid="embed-language"
            value={options.language ?? ''}
            onChange={(event) => set({ language: event.currentTarget.value || null })}
            className="mt-1.5 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900"
          >
            <option value="">{t('embedBuilder.languageVisitor')}</option>
            {languages.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={heightId} className={LEGEND}>
            {t('embedBuilder.height', { height: options.height })}
          </label>
          <input
            id={heightId}
            type="range"
            data-testid="embed-height"
            min={EMBED_HEIGHT_RANGE.min}
            max={EMBED_HEIGHT_RANGE.max}
            step={50}
            value={options.height}
            aria-valuetext={t('embedBuilder.heightValue', { height: options.height })}
            onChange={(event) => set({ height: Number(event.currentTarget.value) })}
            className="mt-1.5 block min-h-11 w-full accent-blue-700"
          />
        </div>
      </div>

      <fieldset>
        <legend className={LEGEND}>{t('embedBuilder.parts')}</legend>
        {PARTS.map((part) => (
          <OptionRow
            key={part}
            type="checkbox"
            testId={`embed-${part}-option`}
            checked={options[part]}
            onChange={(checked) => set({ [part]: checked })}
            label={t(`embedBuilder.${part}`)}
          />
        ))}
      </fieldset>

      <fieldset>
        <legend className={LEGEND}>{t('embedBuilder.area')}</legend>
        <OptionRow
          type="radio"
          testId="embed-area-free"
          checked={!options.fixedArea}
          onChange={() => set({ fixedArea: false })}
          label={t('embedBuilder.areaFree')}
        />
        <OptionRow
          type="radio"
          testId="embed-area-fixed"
          checked={options.fixedArea}
          onChange={() => set({ fixedArea: true })}
          label={t('embedBuilder.areaFixed')}
        />
      </fieldset>
    </div>
  );
}
