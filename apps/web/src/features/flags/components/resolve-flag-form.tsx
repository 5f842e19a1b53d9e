import { ApiError } from '@karta/api-client';
import type { Flag } from '@karta/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useResolveFlag } from '../api/resolve-flag.ts';

type Resolution = 'fixed' | 'dismissed';

/** How a moderator closes a report: what was done (fixed or nothing to change) and a note. */
export function ResolveFlagForm({
  flag,
  onResolved,
}: {
  flag: Flag;
  onResolved(resolution: Resolution): void;
}) {
  const { t } = useTranslation();
  const resolve = useResolveFlag();
  const [resolution, setResolution] = useState<Resolution>('fixed');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const groupName = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (resolve.isPending) return;
    setError(null);
    resolve.mutate(
      { id: flag.id, resolution, note: note.trim() || undefined },
      {
        onSuccess: () => onResolved(resolution),
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.code === 'conflict'
              ? t('flags.alreadyResolved')
              : t(errorMessageKey(failure)),
          ),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-3 border-t border-gray-100 pt-3"
      data-testid="resolve-flag-form"
    >
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">{t('flags.resolveLegend')}</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {(['fixed', 'dismissed'] as const).map((value) => (
            <label key={value} className="flex min-h-9 items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name={groupName}
                value={value}
                data-testid={`resolution-${value}`}
                checked={resolution === value}
                onChange={() => setResolution(value)}
                className="size-4 accent-blue-700"
              />
              {flag.noteId !== null && value === 'fixed'
                ? t('flags.hideNote')
                : t(`flags.resolutions.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={noteId} className="block text-sm font-medium text-gray-800">
          {t('flags.noteLabel')}
        </label>
        <textarea
          id={noteId}
          data-testid="resolution-note"
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
        />
      </div>
      <button
        type="submit"
        data-testid="resolve-flag"
        className={buttonStyles.primary}
        aria-disabled={resolve.isPending || undefined}
      >
        {resolve.isPending && <Spinner className="size-4" />}
        {t('flags.resolve')}
      </button>
      <div role="alert" data-testid="flag-error">
        {error && (
          <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>
        )}
      </div>
    </form>
  );
}
