import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/toast/toast-context.ts';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { EmptyState, LoadingState, QueryErrorState } from '../../../../components/ui/states.tsx';
import { useCategories } from '../../../../lib/categories/get-categories.ts';
import { CategoryForm } from './category-form.tsx';
import { CategoryRow } from './category-row.tsx';

/**
 * The categories screen: every category with Edit and Delete, and a form to add one.
 * `canPurge`: admins may delete a removed field's hidden values for good.
 */
export function CategoryManager({ canPurge = false }: { canPurge?: boolean }) {
  const { t } = useTranslation();
  const showToast = useToast();
  const query = useCategories();
  const [adding, setAdding] = useState(false);
  // A new form after each creation, so the next one starts blank.
  const [formKey, setFormKey] = useState(0);

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="new-category-heading"
        className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="new-category-heading" className="text-base font-semibold text-gray-900">
            {t('categories.manage.newHeading')}
          </h2>
          {!adding && (
            <button
              type="button"
              data-testid="new-category"
              className={buttonStyles.primary}
              onClick={() => setAdding(true)}
            >
              {t('categories.manage.new')}
            </button>
          )}
        </div>
        {adding && (
          <div className="mt-4">
            <CategoryForm
              key={formKey}
              onSaved={() => {
                setFormKey((key) => key + 1);
                setAdding(false);
                showToast(t('categories.manage.created'));
              }}
              onCancel={() => setAdding(false)}
            />
          </div>
        )}
      </section>

      <section aria-labelledby="category-list-heading" className="space-y-3">
        <h2 id="category-list-heading" className="text-base font-semibold text-gray-900">
          {query.isSuccess
            ? t('categories.manage.listHeading', { count: query.data.length })
            : t('categories.manage.listHeadingPlain')}
        </h2>
        {query.isPending && <LoadingState label={t('categories.manage.loading')} />}
        {query.isError && (
          <QueryErrorState
            title={t('categories.loadFailed')}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
        {query.isSuccess &&
          (query.data.length === 0 ? (
            <EmptyState
              className="rounded-xl border border-gray-200 bg-white"
              title={t('categories.manage.empty')}
            />
          ) : (
            <ul data-testid="category-list" className="space-y-3">
              {query.data.map((category) => (
                <CategoryRow key={category.id} category={category} canPurge={canPurge} />
              ))}
            </ul>
          ))}
      </section>
    </div>
  );
}
