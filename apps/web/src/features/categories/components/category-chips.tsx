import { useTranslation } from 'react-i18next';
import type { CategoryView } from '../../../lib/categories/use-category-looks.ts';

interface CategoryChipsProps {
  categories: readonly CategoryView[];
  /** Slugs shown; empty means all. */
  selected: readonly string[];
  onChange(selected: string[]): void;
}

const chipBase =
  'inline-flex items-center gap-2 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium transition-colors';
const chipOn = `${chipBase} border-blue-700 bg-blue-700 text-white hover:bg-blue-800`;
const chipOff = `${chipBase} border-gray-300 bg-white text-gray-800 hover:border-gray-400 hover:bg-gray-50`;

/** The category filter: toggle chips (aria-pressed) and an "All" chip that clears the filter. */
export function CategoryChips({ categories, selected, onChange }: CategoryChipsProps) {
  const { t } = useTranslation();
  const allShown = selected.length === 0;

  function toggle(slug: string) {
    const next = selected.includes(slug) ? selected.filter((s) => s !== slug) : [...selected, slug];
    // Every category chosen is the same as no filter: say so with the "All" chip.
    onChange(next.length === categories.length ? [] : next.sort());
  }

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-gray-900">{t('categories.label')}</legend>
      {/* One swipeable row on phones (the page itself never scrolls sideways), wrapped from sm up. */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <li className="shrink-0">
          <button
            type="button"
            aria-pressed={allShown}
            className={allShown ? chipOn : chipOff}
            onClick={() => onChange([])}
          >
            {t('categories.all')}
          </button>
        </li>
        {categories.map((category) => {
          const pressed = selected.includes(category.slug);
          return (
            <li key={category.slug} className="shrink-0">
              <button
                type="button"
                aria-pressed={pressed}
                className={pressed ? chipOn : chipOff}
                onClick={() => toggle(category.slug)}
              >
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full ring-2 ring-white"
                  style={{ backgroundColor: category.color }}
                />
                {category.name}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
