import { type Category, type CategoryField, MAX_FIELDS } from '@karta/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../../config/runtime-config.ts';
import type { FieldDraftsEditor } from '../../hooks/use-field-drafts.ts';
import { canAddField, type FieldDraft } from '../../utils/field-drafts.ts';
import { editorButton } from './editor-parts.tsx';
import { FieldCard, useFieldName } from './field-card.tsx';
import { type RemovedField, RemovedFields } from './removed-fields.tsx';

interface FieldsEditorProps {
  editor: FieldDraftsEditor;
  /** The category edited (none while one is being created): its saved and removed fields. */
  category?: Category;
  /** Admins may delete a removed field's hidden values for good. */
  canPurge: boolean;
}

/** The fields out of the list: removed before (and not added back here), and removed by this form. */
function removedFieldsOf(category: Category | undefined, drafts: readonly FieldDraft[]): RemovedField[] {
  const kept = new Set(drafts.map((draft) => draft.key));
  const out = (field: CategoryField) => !kept.has(field.key);
  return [
    ...(category?.fields ?? []).filter(out).map((field) => ({ field, pending: true })),
    ...(category?.removedFields ?? []).filter(out).map((field) => ({ field, pending: false })),
  ];
}

/**
 * A category's fields in its form: the ordered list of cards (opened one by one to edit), a button
 * to add a field, and the removed fields whose values are kept. Moves and removals are said out
 * loud, and the focus stays with what the moderator acted on.
 */
export function FieldsEditor({ editor, category, canPurge }: FieldsEditorProps) {
  const { t } = useTranslation();
  const { languages } = useRuntimeConfig();
  const nameOf = useFieldName();
  const section = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const { drafts } = editor;

  /** Focus after React has drawn the change: a control found by the field's uid. */
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => section.current?.querySelector<HTMLElement>(selector)?.focus());

  const add = () => {
    const uid = editor.add();
    if (uid) focusLater(`[data-field-uid="${uid}"] [data-testid=field-label-${languages[0]}]`);
  };
  const move = (draft: FieldDraft, index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= drafts.length) return;
    editor.move(draft.uid, by);
    setAnnouncement(
      t('categories.fields.moved', { label: nameOf(draft), position: target + 1, count: drafts.length }),
    );
    focusLater(`[data-field-uid="${draft.uid}"] [data-move="${by < 0 ? 'up' : 'down'}"]`);
  };
  const remove = (draft: FieldDraft) => {
    editor.remove(draft.uid);
    if (draft.saved) setAnnouncement(t('categories.fields.removedNow', { label: nameOf(draft) }));
    focusLater('[data-testid=add-field]');
  };
  const addBack = (field: CategoryField) => {
    const uid = editor.addBack(field);
    if (uid) focusLater(`[data-field-uid="${uid}"] [data-testid=field-toggle]`);
  };

  return (
    // A heading rather than a named region: several categories' forms may be open at once.
    <div ref={section} data-testid="fields-editor" className="space-y-3">
      <div>
        <h3 className="text-base font-semibold text-gray-900">{t('categories.fields.heading')}</h3>
        <p className="text-sm text-gray-600">{t('categories.fields.intro')}</p>
      </div>
      {drafts.length === 0 ? (
        <p data-testid="no-fields" className="text-sm text-gray-600 italic">
          {t('categories.fields.none')}
        </p>
      ) : (
        <ol className="space-y-2" data-testid="field-list">
          {drafts.map((draft, index) => (
            <FieldCard
              key={draft.uid}
              draft={draft}
              index={index}
              count={drafts.length}
              languages={languages}
              problems={editor.problems}
              open={editor.isOpen(draft.uid)}
              onOpen={(open) => editor.setOpen(draft.uid, open)}
              onChange={(update) => editor.change(draft.uid, update)}
              onMove={(by) => move(draft, index, by)}
              onRemove={() => remove(draft)}
              announce={setAnnouncement}
            />
          ))}
        </ol>
      )}
      <div>
        <button
          type="button"
          data-testid="add-field"
          className={editorButton}
          aria-disabled={!canAddField(drafts) || undefined}
          onClick={add}
        >
          {t('categories.fields.add')}
        </button>
        {!canAddField(drafts) && (
          <p className="mt-1 text-xs text-gray-600">{t('categories.fields.limit', { max: MAX_FIELDS })}</p>
        )}
      </div>
      {category && (
        <RemovedFields
          category={category}
          removed={removedFieldsOf(category, drafts)}
          canPurge={canPurge}
          canAddBack={canAddField(drafts)}
          onAddBack={addBack}
        />
      )}
      <p aria-live="polite" className="sr-only" data-testid="fields-announcement">
        {announcement}
      </p>
    </div>
  );
}
