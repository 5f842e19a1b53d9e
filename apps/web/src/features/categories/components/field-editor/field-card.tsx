import { FIELD_TYPES, type FieldType } from '@karta/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../../components/ui/icons.tsx';
import { localizeText } from '../../../../lib/i18n/localize-text.ts';
import {
  canFilter,
  type FieldDraft,
  hasOptions,
  isNumberType,
  newOptionDraft,
  withLabel,
} from '../../utils/field-drafts.ts';
import { type FieldPart, type FieldProblems, placeOf } from '../../utils/field-problems.ts';
import {
  CheckboxRow,
  confirmRemoveButton,
  describedBy,
  editorButton,
  iconButton,
  inputClass,
  PerLanguageInputs,
  ProblemText,
  removeButton,
  TextInput,
} from './editor-parts.tsx';
import { FieldPreview } from './field-preview.tsx';
import { OptionList } from './option-list.tsx';

export interface FieldCardProps {
  draft: FieldDraft;
  index: number;
  count: number;
  languages: readonly string[];
  problems: FieldProblems;
  open: boolean;
  onOpen(open: boolean): void;
  onChange(update: (draft: FieldDraft) => FieldDraft): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  announce(message: string): void;
}

/** How a field is named in the editor: its label in the reader's language, else its key. */
export function useFieldName() {
  const { t, i18n } = useTranslation();
  return (draft: FieldDraft) =>
    localizeText(draft.labels, i18n.language) || draft.key || t('categories.fields.newField');
}

/**
 * One field of the category: a heading that opens and closes its details (with its type, key and
 * what it is), buttons to move it up or down and to remove it, and, open, everything about it
 * with a preview. Removing a saved field asks first and says what becomes of its values.
 */
export function FieldCard({
  draft,
  index,
  count,
  languages,
  problems,
  open,
  onOpen,
  onChange,
  onMove,
  onRemove,
  announce,
}: FieldCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = useFieldName()(draft);
  const [confirming, setConfirming] = useState(false);
  const problemOf = (part: FieldPart) => problems[placeOf(draft.uid, part)];
  const typeProblem = problemOf('type');

  const setType = (type: FieldType) =>
    onChange((current) => ({
      ...current,
      type,
      // A choice needs an option: one to fill in, rather than an empty list to find.
      options:
        hasOptions(type) && current.options.length === 0 ? [newOptionDraft(languages)] : current.options,
    }));

  const badges = [
    draft.required && t('categories.fields.badges.required'),
    draft.filterable && canFilter(draft.type) && t('categories.fields.badges.filterable'),
    !draft.saved && t('categories.fields.badges.unsaved'),
  ].filter((badge): badge is string => Boolean(badge));

  return (
    <li
      data-testid="field-card"
      data-field-uid={draft.uid}
      data-key={draft.key}
      className="min-w-0 rounded-lg border border-gray-200 bg-gray-50"
    >
      <div className="flex flex-wrap items-center gap-2 p-2">
        <h4 className="min-w-0 flex-1 basis-48">
          <button
            type="button"
            data-testid="field-toggle"
            aria-expanded={open}
            aria-controls={`${id}-details`}
            onClick={() => onOpen(!open)}
            className="flex min-h-11 w-full items-center gap-2 rounded-md px-1 text-left hover:bg-gray-100"
          >
            <ChevronDownIcon className={`size-5 text-gray-600 ${open ? 'rotate-180' : ''}`} />
            <span className="min-w-0">
              <span data-testid="field-name" className="block font-medium break-words text-gray-900">
                {name}
              </span>
              <span className="block text-xs break-words text-gray-600">
                {t(`categories.fields.types.${draft.type}`)}
                {draft.key && (
                  <>
                    <span aria-hidden="true"> · </span>
                    <span className="font-mono">{draft.key}</span>
                  </>
                )}
                {badges.map((badge) => (
                  <span key={badge}>
                    <span aria-hidden="true"> · </span>
                    {badge}
                  </span>
                ))}
              </span>
            </span>
          </button>
        </h4>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            data-move="up"
            data-testid="move-field-up"
            className={iconButton}
            aria-disabled={index === 0 || undefined}
            aria-label={`${t('categories.fields.moveUp')}: ${name}`}
            title={t('categories.fields.moveUp')}
            onClick={() => onMove(-1)}
          >
            <ChevronDownIcon className="size-5 rotate-180" />
          </button>
          <button
            type="button"
            data-move="down"
            data-testid="move-field-down"
            className={iconButton}
            aria-disabled={index === count - 1 || undefined}
            aria-label={`${t('categories.fields.moveDown')}: ${name}`}
            title={t('categories.fields.moveDown')}
            onClick={() => onMove(1)}
          >
            <ChevronDownIcon className="size-5" />
          </button>
          <button
            type="button"
            data-testid="remove-field"
            className={removeButton}
            onClick={() => (draft.saved ? setConfirming(true) : onRemove())}
          >
            {t('categories.fields.remove')}
            <span className="sr-only">: {name}</span>
          </button>
        </div>
      </div>

      {confirming && (
        <div
          data-testid="confirm-remove-field"
          className="mx-2 mb-2 space-y-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-950"
        >
          <p>{t('categories.fields.confirmRemove', { label: name, key: draft.key })}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              data-testid="confirm-remove-field-yes"
              className={confirmRemoveButton}
              onClick={onRemove}
            >
              {t('categories.fields.confirmRemoveYes')}
            </button>
            <button type="button" className={editorButton} onClick={() => setConfirming(false)}>
              {t('categories.fields.cancel')}
            </button>
          </div>
        </div>
      )}

      <div id={`${id}-details`} hidden={!open} className="space-y-4 border-t border-gray-200 bg-white p-3">
        {open && (
          <>
            <ProblemText id={`${id}-problem`} problem={problemOf('field')} />
            <PerLanguageInputs
              languages={languages}
              labelOf={(language) => t('categories.fields.labelIn', { language })}
              values={draft.labels}
              onChange={(language, value) => onChange((current) => withLabel(current, language, value))}
              hint={t('categories.fields.labelHint')}
              problem={problemOf('label')}
              testId="field-label"
              maxLength={80}
            />

            <div className="grid gap-4 sm:grid-cols-2">
              <div className="min-w-0">
                <label htmlFor={`${id}-type`} className="block text-sm font-medium text-gray-800">
                  {t('categories.fields.type')}
                </label>
                <select
                  id={`${id}-type`}
                  data-testid="field-type"
                  value={draft.type}
                  onChange={(event) => setType(event.target.value as FieldType)}
                  aria-invalid={typeProblem ? true : undefined}
                  aria-describedby={describedBy(
                    draft.saved && `${id}-type-hint`,
                    typeProblem && `${id}-type-problem`,
                  )}
                  className={inputClass(Boolean(typeProblem))}
                >
                  {FIELD_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`categories.fields.types.${type}`)}
                    </option>
                  ))}
                </select>
                {draft.saved && (
                  <p id={`${id}-type-hint`} className="mt-1 text-xs text-gray-600">
                    {t('categories.fields.typeSavedHint')}
                  </p>
                )}
                <ProblemText id={`${id}-type-problem`} problem={typeProblem} />
              </div>

              {draft.saved ? (
                <div className="min-w-0">
                  <p className="block text-sm font-medium text-gray-800">{t('categories.fields.key')}</p>
                  <p data-testid="field-key-fixed" className="mt-1 text-sm text-gray-700">
                    <span className="font-mono">{draft.key}</span>{' '}
                    <span className="text-xs text-gray-600">{t('categories.fields.keyFixed')}</span>
                  </p>
                  <ProblemText id={`${id}-key-problem`} problem={problemOf('key')} />
                </div>
              ) : (
                <TextInput
                  label={t('categories.fields.key')}
                  hint={t('categories.fields.keyHint')}
                  value={draft.key}
                  onChange={(value) =>
                    onChange((current) => ({ ...current, key: value.trim(), keyTouched: true }))
                  }
                  problem={problemOf('key')}
                  testId="field-key"
                  maxLength={60}
                  code
                />
              )}
            </div>

            <PerLanguageInputs
              languages={languages}
              labelOf={(language) => t('categories.fields.helpIn', { language })}
              values={draft.help}
              onChange={(language, value) =>
                onChange((current) => ({ ...current, help: { ...current.help, [language]: value } }))
              }
              problem={problemOf('help')}
              testId="field-help"
              maxLength={400}
              multiline
            />

            {hasOptions(draft.type) && (
              <OptionList
                draft={draft}
                languages={languages}
                problems={problems}
                onChange={onChange}
                announce={announce}
              />
            )}

            {isNumberType(draft.type) && (
              <div className="grid gap-4 sm:grid-cols-3">
                <TextInput
                  label={t('categories.fields.min')}
                  value={draft.min}
                  onChange={(min) => onChange((current) => ({ ...current, min }))}
                  problem={problemOf('min')}
                  testId="field-min"
                  inputMode="decimal"
                  maxLength={20}
                />
                <TextInput
                  label={t('categories.fields.max')}
                  value={draft.max}
                  onChange={(max) => onChange((current) => ({ ...current, max }))}
                  problem={problemOf('max')}
                  testId="field-max"
                  inputMode="decimal"
                  maxLength={20}
                />
                <TextInput
                  label={t('categories.fields.unit')}
                  hint={t('categories.fields.unitHint')}
                  value={draft.unit}
                  onChange={(unit) => onChange((current) => ({ ...current, unit }))}
                  problem={problemOf('unit')}
                  testId="field-unit"
                  maxLength={20}
                />
              </div>
            )}

            <div className="space-y-1">
              <CheckboxRow
                label={t('categories.fields.required')}
                hint={t('categories.fields.requiredHint')}
                checked={draft.required}
                onChange={(required) => onChange((current) => ({ ...current, required }))}
                testId="field-required"
                problem={problemOf('required')}
              />
              {canFilter(draft.type) && (
                <CheckboxRow
                  label={t('categories.fields.filterable')}
                  hint={t('categories.fields.filterableHint')}
                  checked={draft.filterable}
                  onChange={(filterable) => onChange((current) => ({ ...current, filterable }))}
                  testId="field-filterable"
                  problem={problemOf('filterable')}
                />
              )}
            </div>

            <TextInput
              label={t('categories.fields.osmKey')}
              hint={t('categories.fields.osmKeyHint')}
              value={draft.osmKey}
              onChange={(osmKey) => onChange((current) => ({ ...current, osmKey }))}
              problem={problemOf('osmKey')}
              testId="field-osm-key"
              maxLength={80}
              code
              className="sm:max-w-sm"
            />

            <FieldPreview draft={draft} />
          </>
        )}
      </div>
    </li>
  );
}
