import { MAX_OPTIONS } from '@karta/contracts';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../../components/ui/icons.tsx';
import { localizeText } from '../../../../lib/i18n/localize-text.ts';
import {
  canAddOption,
  type FieldDraft,
  moved,
  newOptionDraft,
  type OptionDraft,
  withOptionLabel,
} from '../../utils/field-drafts.ts';
import { type FieldProblems, placeOf } from '../../utils/field-problems.ts';
import {
  editorButton,
  iconButton,
  PerLanguageInputs,
  ProblemText,
  removeButton,
  TextInput,
} from './editor-parts.tsx';

interface OptionListProps {
  draft: FieldDraft;
  languages: readonly string[];
  problems: FieldProblems;
  onChange(update: (draft: FieldDraft) => FieldDraft): void;
  /** Says a move out loud (polite live region of the editor). */
  announce(message: string): void;
}

/**
 * The options of a choice field, in the order the place form offers them: a label per language and
 * a stored value each (suggested from the label; fixed once saved), moved up or down, and once
 * saved retired or offered again rather than deleted (places may hold them). A new one can be
 * deleted, as nothing holds it yet.
 */
export function OptionList({ draft, languages, problems, onChange, announce }: OptionListProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const problem = problems[placeOf(draft.uid, 'options')];

  const setOptions = (update: (options: OptionDraft[]) => OptionDraft[]) =>
    onChange((current) => ({ ...current, options: update(current.options) }));
  const changeOption = (uid: string, update: (option: OptionDraft) => OptionDraft) =>
    setOptions((options) => options.map((option) => (option.uid === uid ? update(option) : option)));
  /** Focus after React has drawn the change: the option's own control, found by its uid. */
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(selector)?.focus());
  const nameOf = (option: OptionDraft) =>
    localizeText(option.labels, i18n.language) || option.value || t('categories.fields.newOption');

  const add = () => {
    if (!canAddOption(draft)) return;
    const option = newOptionDraft(languages);
    setOptions((options) => [...options, option]);
    focusLater(`[data-option-uid="${option.uid}"] input`);
  };
  const move = (option: OptionDraft, index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= draft.options.length) return;
    setOptions((options) => moved(options, index, by));
    announce(
      t('categories.fields.moved', {
        label: nameOf(option),
        position: target + 1,
        count: draft.options.length,
      }),
    );
    focusLater(`[data-option-uid="${option.uid}"] [data-move="${by < 0 ? 'up' : 'down'}"]`);
  };

  return (
    <fieldset className="min-w-0" aria-describedby={describedByOf(id, problem !== undefined)}>
      <legend className="text-sm font-medium text-gray-800">{t('categories.fields.options')}</legend>
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {t('categories.fields.optionsHint')}
      </p>
      <ol ref={list} className="mt-2 space-y-2">
        {draft.options.map((option, index) => {
          const name = nameOf(option);
          const at = (part: 'value' | 'label') => problems[placeOf(draft.uid, option.uid, part)];
          return (
            <li
              key={option.uid}
              data-testid="field-option"
              data-option-uid={option.uid}
              data-value={option.value}
              data-retired={option.retired || undefined}
              className={`space-y-3 rounded-lg border p-3 ${option.retired ? 'border-dashed border-gray-300 bg-gray-50' : 'border-gray-200 bg-white'}`}
            >
              <p className="text-sm font-medium break-words text-gray-900">
                {name}
                {option.retired && (
                  <span className="ml-2 rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">
                    {t('categories.fields.retired')}
                  </span>
                )}
              </p>
              <PerLanguageInputs
                languages={languages}
                labelOf={(language) => t('categories.fields.optionLabelIn', { language })}
                values={option.labels}
                onChange={(language, value) =>
                  changeOption(option.uid, (current) => withOptionLabel(current, language, value))
                }
                problem={at('label')}
                testId="option-label"
                maxLength={80}
              />
              <div className="flex flex-wrap items-end justify-between gap-3">
                {option.saved ? (
                  <p className="min-w-0 flex-1 basis-48 pb-3 text-sm text-gray-700">
                    {t('categories.fields.optionValue')}: <span className="font-mono">{option.value}</span>{' '}
                    <span className="text-xs text-gray-600">{t('categories.fields.optionValueFixed')}</span>
                  </p>
                ) : (
                  <TextInput
                    label={t('categories.fields.optionValue')}
                    hint={t('categories.fields.optionValueHint')}
                    value={option.value}
                    onChange={(value) =>
                      changeOption(option.uid, (current) => ({
                        ...current,
                        value: value.trim(),
                        valueTouched: true,
                      }))
                    }
                    problem={at('value')}
                    testId="option-value"
                    maxLength={60}
                    code
                    className="flex-1 basis-48"
                  />
                )}
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    data-move="up"
                    className={iconButton}
                    aria-disabled={index === 0 || undefined}
                    aria-label={`${t('categories.fields.moveUp')}: ${name}`}
                    title={t('categories.fields.moveUp')}
                    onClick={() => move(option, index, -1)}
                  >
                    <ChevronDownIcon className="size-5 rotate-180" />
                  </button>
                  <button
                    type="button"
                    data-move="down"
                    className={iconButton}
                    aria-disabled={index === draft.options.length - 1 || undefined}
                    aria-label={`${t('categories.fields.moveDown')}: ${name}`}
                    title={t('categories.fields.moveDown')}
                    onClick={() => move(option, index, 1)}
                  >
                    <ChevronDownIcon className="size-5" />
                  </button>
                  {option.saved ? (
                    <button
                      type="button"
                      data-testid={option.retired ? 'unretire-option' : 'retire-option'}
                      className={editorButton}
                      onClick={() =>
                        changeOption(option.uid, (current) => ({ ...current, retired: !current.retired }))
                      }
                    >
                      {option.retired ? t('categories.fields.unretire') : t('categories.fields.retire')}
                      <span className="sr-only">: {name}</span>
                    </button>
                  ) : (
                    <button
                      type="button"
                      data-testid="delete-option"
                      className={removeButton}
                      onClick={() => {
                        setOptions((options) => options.filter((candidate) => candidate.uid !== option.uid));
                        focusLater('[data-testid=field-option]:last-child input');
                      }}
                    >
                      {t('categories.fields.deleteOption')}
                      <span className="sr-only">: {name}</span>
                    </button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <ProblemText id={`${id}-problem`} problem={problem} />
      <div className="mt-2">
        <button
          type="button"
          data-testid="add-option"
          data-focus-on-problem={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={editorButton}
          aria-disabled={!canAddOption(draft) || undefined}
          onClick={add}
        >
          {t('categories.fields.addOption')}
        </button>
        {!canAddOption(draft) && (
          <p className="mt-1 text-xs text-gray-600">
            {t('categories.fields.optionLimit', { max: MAX_OPTIONS })}
          </p>
        )}
      </div>
    </fieldset>
  );
}

function describedByOf(id: string, hasProblem: boolean): string {
  return hasProblem ? `${id}-hint ${id}-problem` : `${id}-hint`;
}
