import { CATEGORY_ICONS, CATEGORY_PALETTE, type Category, CategoryNotes } from '@karta/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useRuntimeConfig } from '../../../../config/runtime-config.ts';
import { errorMessageKey } from '../../../../lib/error-message.ts';
import { languageNameIn } from '../../../../lib/i18n/locales.ts';
import { useCreateCategory } from '../../api/create-category.ts';
import { useUpdateCategory } from '../../api/update-category.ts';
import { useFieldDrafts } from '../../hooks/use-field-drafts.ts';
import { checkFieldDrafts, serverFieldProblems } from '../../utils/field-problems.ts';
import { FieldsEditor } from '../field-editor/fields-editor.tsx';
import {
  type CategoryDraft,
  COLOR_NAMES,
  checkDraft,
  type DraftField,
  type DraftProblem,
  draftOf,
  namesOf,
  serverProblems,
  slugFrom,
} from './category-form-state.ts';

interface CategoryFormProps {
  /** The category to edit; none to create one. */
  category?: Category;
  onSaved(category: Category): void;
  onCancel?(): void;
  /** Admins may delete a removed field's hidden values for good. */
  canPurge?: boolean;
}

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-gray-300 px-3 py-2 text-base sm:text-sm aria-invalid:border-red-600';

/** What the focus goes to after a refused submit: the first control with a problem. */
const FIRST_PROBLEM = '[aria-invalid=true], [data-focus-on-problem]';

/**
 * Creates or edits a category: its slug (fixed once created), a name per language, a colour from
 * the palette, an icon from the list, and its fields (sent only when they changed, so a change of
 * the name cannot undo another moderator's change of the fields). Problems are shown beside their
 * fields, the server's too; the first one takes the focus on submit. The buttons stay at the
 * bottom of the screen while the form is on it, so Save is never a long scroll away.
 */
export function CategoryForm({ category, onSaved, onCancel, canPurge = false }: CategoryFormProps) {
  const { t, i18n } = useTranslation();
  const { languages } = useRuntimeConfig();
  const creating = !category;
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isPending || update.isPending;
  const [draft, setDraft] = useState<CategoryDraft>(() => draftOf(languages, category));
  const [slugTouched, setSlugTouched] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<DraftField, DraftProblem>>>({});
  const fields = useFieldDrafts(category, languages);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  // The focus moves once the problems are drawn (a server's answer renders when React gets to it,
  // which may be after the next frame), so after the commit that shows them.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusFirstProblem = () => setFocusRequest((count) => count + 1);
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>(FIRST_PROBLEM)?.focus();
  }, [focusRequest]);

  const setName = (language: string, value: string) =>
    setDraft((current) => {
      const names = { ...current.names, [language]: value };
      // Until the slug is typed by hand it follows the name (English first: slugs are ASCII).
      const first = names.en || Object.values(names).find((name) => name.trim() !== '') || '';
      const slug = creating && !slugTouched ? slugFrom(first) : current.slug;
      return { ...current, names, slug };
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = checkDraft(draft, creating);
    const foundInFields = checkFieldDrafts(fields.drafts);
    setProblems(found);
    fields.setProblems(foundInFields);
    setError(null);
    if (Object.keys(found).length > 0 || Object.keys(foundInFields).length > 0) {
      focusFirstProblem();
      return;
    }
    // The drafts as sent: the server's `fields.<i>` points into this list.
    const sent = fields.drafts;
    const onError = (failure: unknown) => {
      const blamed = serverProblems(failure, creating);
      const inFields = serverFieldProblems(failure, sent);
      setProblems(blamed);
      fields.setProblems(inFields.problems);
      const placed = Object.keys(blamed).length > 0 || Object.keys(inFields.problems).length > 0;
      if (placed) focusFirstProblem();
      if (inFields.unplaced) setError(t('categories.fields.unplaced'));
      else if (!placed) setError(t(errorMessageKey(failure)));
    };
    const sendFields = creating ? fields.definitions.length > 0 : fields.changed;
    const body = {
      name: namesOf(draft),
      color: draft.color,
      icon: draft.icon,
      notes: draft.notes,
      ...(sendFields ? { fields: fields.definitions } : {}),
    };
    if (category) update.mutate({ id: category.id, ...body }, { onSuccess: onSaved, onError });
    else create.mutate({ slug: draft.slug, ...body }, { onSuccess: onSaved, onError });
  };

  const problemText = (field: DraftField) => {
    const problem = problems[field];
    if (!problem) return null;
    return (
      <p id={`${id}-${field}-problem`} data-testid="field-error" className="mt-1 text-sm text-red-700">
        {t(`categories.manage.problems.${problem}`)}
      </p>
    );
  };
  const invalid = (field: DraftField) =>
    problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-problem` } : {};

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      data-testid="category-form"
      data-mode={creating ? 'create' : 'edit'}
      // A control brought into view (the focus on a problem) stops short of the buttons' bar.
      className="space-y-4 [&_input]:scroll-mb-24 [&_select]:scroll-mb-24 [&_textarea]:scroll-mb-24"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {languages.map((language, index) => (
          <div key={language}>
            <label htmlFor={`${id}-name-${language}`} className="block text-sm font-medium text-gray-800">
              {t('categories.manage.nameIn', { language: languageNameIn(language, i18n.language) })}
            </label>
            <input
              id={`${id}-name-${language}`}
              data-testid={`category-name-${language}`}
              value={draft.names[language] ?? ''}
              maxLength={80}
              onChange={(event) => setName(language, event.target.value)}
              className={inputClass}
              {...(index === 0 ? invalid('names') : {})}
            />
          </div>
        ))}
      </div>
      {problemText('names')}

      <div>
        <label htmlFor={`${id}-slug`} className="block text-sm font-medium text-gray-800">
          {t('categories.manage.slug')}
        </label>
        {creating ? (
          <>
            <p id={`${id}-slug-hint`} className="text-xs text-gray-600">
              {t('categories.manage.slugHint')}
            </p>
            <input
              id={`${id}-slug`}
              data-testid="category-slug"
              value={draft.slug}
              maxLength={60}
              autoCapitalize="off"
              spellCheck={false}
              onChange={(event) => {
                setSlugTouched(true);
                setDraft((current) => ({ ...current, slug: event.target.value.trim() }));
              }}
              className={`${inputClass} font-mono`}
              {...invalid('slug')}
            />
            {problemText('slug')}
          </>
        ) : (
          <p id={`${id}-slug`} className="mt-1 font-mono text-sm text-gray-700">
            {draft.slug}{' '}
            <span className="font-sans text-xs text-gray-600">{t('categories.manage.slugFixed')}</span>
          </p>
        )}
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-gray-800">{t('categories.manage.color')}</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {CATEGORY_PALETTE.map((color) => (
            <label key={color} className="relative cursor-pointer">
              <input
                type="radio"
                name={`${id}-color`}
                value={color}
                data-testid="category-color"
                checked={draft.color === color}
                onChange={() => setDraft((current) => ({ ...current, color }))}
                className="peer sr-only"
              />
              <span className="sr-only">{t(`categories.manage.colors.${COLOR_NAMES[color]}`)}</span>
              <span
                aria-hidden="true"
                className="block size-9 rounded-full border-2 border-white shadow ring-2 ring-transparent peer-checked:ring-gray-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700"
                style={{ backgroundColor: color }}
              />
            </label>
          ))}
        </div>
        {problemText('color')}
      </fieldset>

      <div>
        <label htmlFor={`${id}-icon`} className="block text-sm font-medium text-gray-800">
          {t('categories.manage.icon')}
        </label>
        <select
          id={`${id}-icon`}
          data-testid="category-icon"
          value={draft.icon}
          onChange={(event) =>
            setDraft((current) => ({ ...current, icon: event.target.value as CategoryDraft['icon'] }))
          }
          className={`${inputClass} bg-white sm:max-w-xs`}
          {...invalid('icon')}
        >
          {CATEGORY_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {t(`categories.manage.icons.${icon}`)}
            </option>
          ))}
        </select>
        {problemText('icon')}
      </div>

      <div>
        <label htmlFor={`${id}-notes`} className="block text-sm font-medium text-gray-800">
          {t('categories.manage.notes')}
        </label>
        <select
          id={`${id}-notes`}
          data-testid="category-notes"
          value={draft.notes}
          aria-describedby={`${id}-notes-hint`}
          onChange={(event) =>
            setDraft((current) => ({ ...current, notes: event.target.value as CategoryDraft['notes'] }))
          }
          className={`${inputClass} bg-white sm:max-w-xs`}
        >
          {CategoryNotes.options.map((setting) => (
            <option key={setting} value={setting}>
              {t(`categories.manage.notesSettings.${setting}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-notes-hint`} className="mt-1 text-sm text-gray-600">
          {t('categories.manage.notesHint')}
        </p>
      </div>

      <div className="border-t border-gray-100 pt-4">
        <FieldsEditor editor={fields} category={category} canPurge={canPurge} />
      </div>

      <div role="alert" data-testid="category-error">
        {error && (
          <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>
        )}
      </div>

      <div
        data-testid="category-form-actions"
        className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur-sm"
      >
        <button
          type="submit"
          data-testid="save-category"
          className={`${buttonStyles.primary} min-h-11`}
          aria-disabled={saving || undefined}
        >
          {saving && <Spinner className="size-4" />}
          {creating ? t('categories.manage.create') : t('categories.manage.save')}
        </button>
        {onCancel && (
          <button type="button" className={`${buttonStyles.secondary} min-h-11`} onClick={onCancel}>
            {t('categories.manage.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
