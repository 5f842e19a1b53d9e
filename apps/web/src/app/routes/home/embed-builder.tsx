import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ArrowLeftIcon } from '../../../components/ui/icons.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useFieldFilters } from '../../../features/field-filters/hooks/use-field-filters.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useCategoryLooks } from '../../../lib/categories/use-category-looks.ts';
import { embedLink, iframeCode } from '../../../lib/embed-code.ts';
import { DEFAULT_EMBED_OPTIONS } from '../../../lib/embed-options.ts';
import { availableLanguages } from '../../../lib/i18n/locales.ts';
import type { ViewState } from '../../../lib/view-url.ts';
import { CopyCodeField, CopyLinkField } from './copy-fields.tsx';
import { type EmbedChoices, EmbedOptionsForm } from './embed-options-form.tsx';
import type { ShareProps } from './share-dialog.tsx';

/** The preview reloads once the options have rested this long (a slider moves through many). */
const PREVIEW_DELAY_MS = 400;

/**
 * Share → "Embed": the partner chooses the embed's categories, field filters, language, height, list,
 * fullscreen and "Propose a place" buttons and whether the area is fixed, sees the real embed in a
 * frame as it will be, and copies its `<iframe>` code or link. It starts from the view on screen
 * (its area, zoom and filters); everything chosen goes into the embed's URL (lib/embed-options.ts).
 */
export function EmbedBuilder({
  view,
  origin,
  onClose,
  onBack,
}: ShareProps & { onClose(): void; onBack(): void }) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const { categories } = useCategoryLooks(config.defaultLanguage);
  const [choices, setChoices] = useState<EmbedChoices>(() => ({
    categories: view.categories,
    filters: view.filters ?? [],
    options: DEFAULT_EMBED_OPTIONS,
  }));
  const fieldFilters = useFieldFilters({
    categories: choices.categories,
    filters: choices.filters,
    onDropped: (kept) => setChoices((current) => ({ ...current, filters: kept })),
  });
  // The embed shows the view's area, without its selected place or search (a partner's map of a kind of place).
  const embedded: ViewState = useMemo(
    () => ({
      center: view.center,
      zoom: view.zoom,
      placeId: null,
      categories: [...choices.categories].sort(),
      filters: fieldFilters.filters,
      ...(view.openNow ? { openNow: true } : {}),
    }),
    [view.center, view.zoom, view.openNow, choices.categories, fieldFilters.filters],
  );
  const { options } = choices;
  const link = embedLink(origin, embedded, options);
  const code = iframeCode(link, t('share.frameTitle'), {
    height: options.height,
    fullscreen: options.fullscreen,
  });
  // The preview is this site's own embed, whatever origin the code names (behind a proxy they differ).
  const preview = useDebouncedValue(embedLink(window.location.origin, embedded, options), PREVIEW_DELAY_MS);

  return (
    <ModalDialog title={t('embedBuilder.title')} onClose={onClose} testId="embed-builder" wide>
      <button
        type="button"
        data-testid="embed-builder-back"
        className={`${buttonStyles.link} mb-3 text-sm`}
        onClick={onBack}
      >
        <ArrowLeftIcon className="size-4" />
        {t('embedBuilder.back')}
      </button>
      {/* From 1 024 px the preview stays beside the options as they change; narrower, it follows them. */}
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:items-start lg:gap-6">
        <div>
          <p className="text-sm text-gray-700">{t('embedBuilder.intro')}</p>
          <div className="mt-4">
            <EmbedOptionsForm
              choices={choices}
              categories={categories}
              groups={fieldFilters.groups}
              languages={availableLanguages(config.languages)}
              onCategoriesChange={(next) =>
                setChoices((current) => ({
                  ...current,
                  categories: next,
                  filters: fieldFilters.keptFor(next),
                }))
              }
              onFiltersChange={(filters) => setChoices((current) => ({ ...current, filters }))}
              onOptionsChange={(next) => setChoices((current) => ({ ...current, options: next }))}
            />
          </div>
        </div>
        <div className="lg:sticky lg:top-0">
          <h3 className="mt-6 text-sm font-medium text-gray-900 lg:mt-0">{t('embedBuilder.preview')}</h3>
          <iframe
            key={options.fullscreen ? 'fullscreen' : 'plain'}
            data-testid="embed-preview"
            src={preview}
            title={t('embedBuilder.previewTitle')}
            allowFullScreen={options.fullscreen}
            style={{ height: options.height }}
            className="mt-1.5 block w-full rounded-lg border border-gray-300"
          />
        </div>
      </div>

      <CopyCodeField
        label={t('share.embedLabel')}
        value={code}
        testId="embed-builder-code"
        copyTestId="embed-builder-copy-code"
      />
      <CopyLinkField
        label={t('embedBuilder.link')}
        value={link}
        testId="embed-builder-link"
        copyTestId="embed-builder-copy-link"
        className="mt-4"
        primary={false}
      />
    </ModalDialog>
  );
}
