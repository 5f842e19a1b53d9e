import type { Category, CategoryField } from '@karta/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/toast/toast-context.ts';
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useRuntimeConfig } from '../../../../config/runtime-config.ts';
import { fieldLabel } from '../../../../lib/categories/field-values.ts';
import { errorMessageKey } from '../../../../lib/error-message.ts';
import { usePurgeCategoryField } from '../../api/purge-category-field.ts';
import { confirmRemoveButton, editorButton, removeButton } from './editor-parts.tsx';

/** A field out of the list: removed and saved (its values hidden), or removed in this form, hidden on save. */
export interface RemovedField {
  field: CategoryField;
  pending: boolean;
}

/**
 * The fields out of the category's list whose values places keep, hidden: those removed before,
 * and those this form removes (hidden when it is saved). Each can be added back; an admin may
 * delete a saved one's hidden values for good, after a confirmation that says it cannot be undone.
 */
export function RemovedFields({
  category,
  removed,
  canPurge,
  canAddBack,
  onAddBack,
}: {
  category: Category;
  removed: readonly RemovedField[];
  canPurge: boolean;
  canAddBack: boolean;
  onAddBack(field: CategoryField): void;
}) {
  const { t, i18n } = useTranslation();
  const { defaultLanguage } = useRuntimeConfig();
  const [purging, setPurging] = useState<CategoryField | null>(null);
  if (removed.length === 0) return null;
  const labelOf = (field: CategoryField) => fieldLabel(field, i18n.language, defaultLanguage);

  return (
    <div data-testid="removed-fields" className="space-y-2 rounded-lg border border-gray-200 p-3">
      <h4 className="text-sm font-semibold text-gray-900">{t('categories.fields.removed.heading')}</h4>
      <p className="text-xs text-gray-600">{t('categories.fields.removed.intro')}</p>
      <ul className="space-y-2">
        {removed.map(({ field, pending }) => (
          <li
            key={field.key}
            data-testid="removed-field"
            data-key={field.key}
            data-pending={pending || undefined}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md bg-gray-50 px-3 py-2"
          >
            <p className="min-w-0 flex-1 basis-40 text-sm">
              <span className="block font-medium break-words text-gray-900">{labelOf(field)}</span>
              <span className="block text-xs break-words text-gray-600">
                {t(`categories.fields.types.${field.type}`)}
                <span aria-hidden="true"> · </span>
                <span className="font-mono">{field.key}</span>
                <span aria-hidden="true"> · </span>
                <span data-testid="removed-field-state" className="font-medium text-amber-900">
                  {pending
                    ? t('categories.fields.removed.hiddenOnSave')
                    : t('categories.fields.removed.valuesHidden')}
                </span>
              </span>
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                data-testid="add-field-back"
                className={editorButton}
                aria-disabled={!canAddBack || undefined}
                onClick={() => canAddBack && onAddBack(field)}
              >
                {t('categories.fields.removed.addBack')}
                <span className="sr-only">: {labelOf(field)}</span>
              </button>
              {canPurge && !pending && (
                <button
                  type="button"
                  data-testid="purge-field"
                  className={removeButton}
                  onClick={() => setPurging(field)}
                >
                  {t('categories.fields.removed.purge')}
                  <span className="sr-only">: {labelOf(field)}</span>
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {purging && (
        <PurgeDialog
          category={category}
          field={purging}
          label={labelOf(purging)}
          onClose={() => setPurging(null)}
        />
      )}
    </div>
  );
}

/** Asks before a removed field's hidden values are deleted for good, and deletes them. */
function PurgeDialog({
  category,
  field,
  label,
  onClose,
}: {
  category: Category;
  field: CategoryField;
  label: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const showToast = useToast();
  const purge = usePurgeCategoryField();
  const cancel = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (purge.isPending) return;
    setError(null);
    purge.mutate(
      { id: category.id, key: field.key },
      {
        onSuccess: () => {
          showToast(t('categories.fields.removed.purged', { label }));
          onClose();
        },
        onError: (failure) => setError(t(errorMessageKey(failure))),
      },
    );
  };

  return (
    <ModalDialog
      title={t('categories.fields.removed.purgeTitle', { label })}
      onClose={onClose}
      testId="purge-field-dialog"
      initialFocus={cancel}
    >
      <p className="text-sm text-gray-800">
        {t('categories.fields.removed.purgeText', { label, key: field.key })}
      </p>
      <div role="alert" data-testid="purge-field-error">
        {error && (
          <p className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="confirm-purge-field"
          className={confirmRemoveButton}
          aria-disabled={purge.isPending || undefined}
          onClick={confirm}
        >
          {purge.isPending && <Spinner className="size-4" />}
          {t('categories.fields.removed.purgeYes')}
        </button>
        <button ref={cancel} type="button" className={editorButton} onClick={onClose}>
          {t('categories.fields.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
