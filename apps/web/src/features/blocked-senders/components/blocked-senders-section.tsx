import { BlockedSenderInput } from '@karta/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useBlockedSenders, useBlockSender, useUnblockSender } from '../api/blocked-senders.ts';

function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * Admins' list of blocked e-mail addresses and domains: notes from them are refused. A domain
 * blocks its subdomains too. Adding checks the value here first, so a typo is named beside the
 * field before anything is sent.
 */
export function BlockedSendersSection() {
  const { t, i18n } = useTranslation();
  const showToast = useToast();
  const list = useBlockedSenders();
  const block = useBlockSender();
  const unblock = useUnblockSender();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (block.isPending) return;
    setFailure(null);
    const parsed = BlockedSenderInput.safeParse({ value });
    if (!parsed.success) {
      setProblem(t(value.trim() === '' ? 'blockedSenders.required' : 'blockedSenders.invalid'));
      return;
    }
    setProblem(null);
    block.mutate(
      { value },
      {
        onSuccess: (blocked) => {
          setValue('');
          showToast(t('blockedSenders.blocked', { value: blocked.value }));
        },
        onError: (error) => setFailure(formErrorMessage(t, error)),
      },
    );
  };

  const remove = (id: number, entry: string) => {
    setFailure(null);
    unblock.mutate(id, {
      onSuccess: () => showToast(t('blockedSenders.unblocked', { value: entry })),
      onError: (error) => setFailure(formErrorMessage(t, error)),
    });
  };

  return (
    <section aria-labelledby={headingId} data-testid="blocked-senders" className="mt-10 space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {t('blockedSenders.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('blockedSenders.intro')}</p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <label htmlFor={fieldId} className="block text-sm font-medium text-gray-800">
            {t('blockedSenders.label')}
          </label>
          <input
            id={fieldId}
            name="blocked-sender"
            data-testid="blocked-sender-input"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
            className="mt-1 block h-11 w-full rounded-lg border border-gray-300 px-3 text-sm aria-invalid:border-red-600"
          />
          <p id={hintId} className="mt-1 text-xs text-gray-600">
            {t('blockedSenders.hint')}
          </p>
          <p id={errorId} aria-live="polite" className="text-sm text-red-700 empty:hidden">
            {problem}
          </p>
        </div>
        <SubmitButton
          sending={block.isPending}
          busy={t('blockedSenders.blocking')}
          testId="block-sender"
          className="w-full sm:mt-6 sm:w-auto"
        >
          {t('blockedSenders.block')}
        </SubmitButton>
      </form>
      <FormAlert message={failure} />
      {list.isPending && <LoadingState label={t('blockedSenders.loading')} />}
      {list.isError && (
        <QueryErrorState
          title={t('blockedSenders.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data &&
        (list.data.items.length === 0 ? (
          <p data-testid="blocked-senders-empty" className="text-sm text-gray-600">
            {t('blockedSenders.empty')}
          </p>
        ) : (
          <ul
            data-testid="blocked-sender-list"
            className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white"
          >
            {list.data.items.map((entry) => (
              <li
                key={entry.id}
                data-testid="blocked-sender"
                className="flex items-center justify-between gap-4 p-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-all text-gray-900">{entry.value}</p>
                  <p className="text-xs text-gray-600">
                    {t(entry.kind === 'domain' ? 'blockedSenders.kindDomain' : 'blockedSenders.kindAddress')}
                    {' · '}
                    {t('blockedSenders.since', { date: formatDate(entry.createdAt, i18n.language) })}
                  </p>
                </div>
                <button
                  type="button"
                  data-testid="unblock-sender"
                  aria-label={t('blockedSenders.unblockLabel', { value: entry.value })}
                  aria-disabled={unblock.isPending || undefined}
                  onClick={() => !unblock.isPending && remove(entry.id, entry.value)}
                  className={`${buttonStyles.secondary} h-11 shrink-0`}
                >
                  {t('blockedSenders.unblock')}
                </button>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
