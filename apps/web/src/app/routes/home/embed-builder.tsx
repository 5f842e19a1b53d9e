import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ArrowLeftIcon, CopyIcon, LinkIcon } from '../../../components/ui/icons.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useFieldFilters } from '../../../features/field-filters/hooks/use-field-filters.ts';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useCategoryLooks } from '../../../lib/categories/use-category-looks.ts';
import { embedLink, iframeCode } from '../../../lib/embed-code.ts';
import { DEFAULT_EMBED_OPTIONS } from '../../../lib/embed-options.ts';
import { availableLanguages } from '../../../lib/i18n/locales.ts';
import type { ViewState } from '../../../lib/view-url.ts';
import { type EmbedChoices, EmbedOptionsForm } from './embed-options-form.tsx';
import { type ShareProps, selectAll } from './share-dialog.tsx';

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
  const copy = useCopyToClipboard();
  const codeId = useId();
  const linkId = useId();
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
      <p className="text-sm text-gray-700">{t('embedBuilder.intro')}</p>
      <div className="mt-4">
        <EmbedOptionsForm
          choices={choices}
          categories={categories}
          groups={fieldFilters.groups}
          languages={availableLanguages(config.languages)}
          onCategoriesChange={(next) =>
            setChoices((current) => ({ ...current, categories: next, filters: fieldFilters.keptFor(next) }))
          }
          onFiltersChange={(filters) => setChoices((current) => ({ ...current, filters }))}
          onOptionsChange={(next) => setChoices((current) => ({ ...current, options: next }))}
        />
      </div>

      <h3 className="mt-6 text-sm font-medium text-gray-900">{t('embedBuilder.preview')}</h3>
      <iframe
        key={options.fullscreen ? 'fullscreen' : 'plain'}
        data-testid="embed-preview"
        src={preview}
        title={t('embedBuilder.previewTitle')}
        allowFullScreen={options.fullscreen}
        style={{ height: options.height }}
        className="mt-1.5 block w-full rounded-lg border border-gray-300"
      />

      <label htmlFor={codeId} className="mt-5 block text-sm font-medium text-gray-900">
        {t('share.embedLabel')}
      </label>
      <textarea
        id={codeId}
        data-testid="embed-builder-code"
        readOnly
        value={code}
        rows={5}
        onFocus={selectAll}
        className="mt-1.5 block w-full resize-none rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs break-all text-gray-900"
      />
      <div className="mt-2 flex justify-end">
        <button
          type="button"
          data-testid="embed-builder-copy-code"
          className={buttonStyles.primary}
          onClick={() => void copy(code)}
        >
          <CopyIcon className="size-4" />
          {t('share.copyCode')}
        </button>
      </div>

      <label htmlFor={linkId} className="mt-4 block text-sm font-medium text-gray-900">
        {t('embedBuilder.link')}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={linkId}
          data-testid="embed-builder-link"
          readOnly
          value={link}
          onFocus={selectAll}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-900"
        />
        <button
          type="button"
          data-testid="embed-builder-copy-link"
          className={`${buttonStyles.secondary} shrink-0`}
          onClick={() => void copy(link)}
        >
          <LinkIcon className="size-4" />
          {t('share.copyLink')}
        </button>
      </div>
    </ModalDialog>
  );
}
