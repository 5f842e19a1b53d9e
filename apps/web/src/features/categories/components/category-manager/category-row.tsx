import { ApiError } from '@karta/api-client';
import { CATEGORY_ICONS, type Category } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/toast/toast-context.ts';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { useRuntimeConfig } from '../../../../config/runtime-config.ts';
import { fieldLabel } from '../../../../lib/categories/field-values.ts';
import { errorMessageKey } from '../../../../lib/error-message.ts';
import { languageNameIn } from '../../../../lib/i18n/locales.ts';
import { localizeText } from '../../../../lib/i18n/localize-text.ts';
import { useDeleteCategory } from '../../api/delete-category.ts';
import { editorButton, removeButton } from '../field-editor/editor-parts.tsx';
import { CategoryForm } from './category-form.tsx';

/** How many places still use a category, from a 409's details. */
function placesInUse(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'conflict') return null;
  const places = (error.details as { places?: unknown } | undefined)?.places;
  return typeof places === 'number' ? places : null;
}

/**
 * One category: its colour, names, icon and fields, with Edit (in place) and Delete (after a
 * confirmation). `canPurge`: the editor offers to delete a removed field's hidden values (admins).
 */
export function CategoryRow({ category, canPurge = false }: { category: Category; canPurge?: boolean }) {
  const { t, i18n } = useTranslation();
  const { defaultLanguage } = useRuntimeConfig();
  const showToast = useToast();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = localizeText(category.name, i18n.language) || category.slug;
  const knownIcon = CATEGORY_ICONS.find((icon) => icon === category.icon);
  const iconName = knownIcon ? t(`categories.manage.icons.${knownIcon}`) : category.icon;

  const confirmDelete = () => {
    if (remove.isPending) return;
    setError(null);
    remove.mutate(category.id, {
      onSuccess: () => showToast(t('categories.manage.deleted', { name })),
      onError: (failure) => {
        setConfirming(false);
        const count = placesInUse(failure);
        setError(count === null ? t(errorMessageKey(failure)) : t('categories.manage.inUse', { count }));
      },
    });
  };

  return (
    <li
      data-testid="category-row"
      data-category-id={category.id}
      data-slug={category.slug}
      className="rounded-xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span
          aria-hidden="true"
          className="size-8 shrink-0 rounded-full"
          style={{ backgroundColor: category.color }}
        />
        {/* Beside the buttons where there is room; above them on a phone, so no line is squeezed. */}
        <div className="min-w-0 flex-1 basis-56">
          <p className="font-semibold break-words text-gray-900">{name}</p>
          <p className="text-sm break-words text-gray-600">
            <span className="font-mono">{category.slug}</span>
            <span aria-hidden="true"> · </span>
            {t('categories.manage.iconIs', { icon: iconName })}
          </p>
          <p className="text-sm break-words text-gray-600">
            {(['hr', 'en'] as const)
              .filter((language) => category.name[language])
              .map((language) => `${languageNameIn(language, i18n.language)}: ${category.name[language]}`)
              .join(' · ')}
          </p>
          {(category.fields ?? []).length > 0 && (
            <p data-testid="category-fields-summary" className="text-sm break-words text-gray-600">
              {t('categories.manage.fieldsSummary', {
                fields: (category.fields ?? [])
                  .map((field) => fieldLabel(field, i18n.language, defaultLanguage))
                  .join(', '),
              })}
            </p>
          )}
        </div>
        {!editing && !confirming && (
          <div className="flex gap-2">
            <button
              type="button"
              data-testid="edit-category"
              className={editorButton}
              onClick={() => {
                setError(null);
                setEditing(true);
              }}
            >
              {t('categories.manage.edit')}
              <span className="sr-only"> {name}</span>
            </button>
            <button
              type="button"
              data-testid="delete-category"
              className={removeButton}
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
            >
              {t('categories.manage.delete')}
              <span className="sr-only"> {name}</span>
            </button>
          </div>
        )}
      </div>
      {confirming && (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="mr-auto">{t('categories.manage.confirmDelete', { name })}</p>
          <button
            type="button"
            data-testid="confirm-delete-category"
            className={`${buttonStyles.actionPrimary} bg-red-700 hover:bg-red-800`}
            aria-disabled={remove.isPending || undefined}
            onClick={confirmDelete}
          >
            {t('categories.manage.confirmDeleteYes')}
          </button>
          <button type="button" className={buttonStyles.action} onClick={() => setConfirming(false)}>
            {t('categories.manage.cancel')}
          </button>
        </div>
      )}
      <div role="alert" data-testid="category-row-error">
        {error && (
          <p className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      {editing && (
        <div className="mt-4 border-t border-gray-100 pt-4">
          <CategoryForm
            category={category}
            canPurge={canPurge}
            onSaved={() => {
              setEditing(false);
              showToast(t('categories.manage.saved'));
            }}
            onCancel={() => setEditing(false)}
          />
        </div>
      )}
    </li>
  );
}
