import type { UserSummary } from '@karta/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useUpdateUser } from '../api/update-user.ts';

const ROLES = ['contributor', 'moderator', 'admin'] as const;

function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * One account: name, e-mail, when it joined, its role (a select that saves on change) and
 * Disable / Enable. Disabling signs the person out everywhere, so it asks first. One's own
 * account is shown but cannot be changed here (the server refuses it too).
 */
export function UserRow({ user, isSelf }: { user: UserSummary; isSelf: boolean }) {
  const { t, i18n } = useTranslation();
  const showToast = useToast();
  const update = useUpdateUser();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const roleId = useId();

  const save = (patch: { role?: UserSummary['role']; disabled?: boolean }, done: string) => {
    setError(null);
    update.mutate(
      { id: user.id, ...patch },
      {
        onSuccess: () => showToast(done),
        onError: (failure) => setError(t(errorMessageKey(failure))),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <li
      data-testid="user-row"
      data-user-id={user.id}
      data-role={user.role}
      data-disabled={user.disabled}
      className="rounded-xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-gray-900">
            <span data-testid="user-display-name">{user.displayName}</span>
            {isSelf && <span className="ml-2 text-xs font-medium text-blue-800">{t('users.you')}</span>}
          </p>
          <p className="text-sm break-all text-gray-600">{user.email}</p>
          <p className="text-xs text-gray-600">
            {t('users.joined', { date: formatDate(user.createdAt, i18n.language) })}
            {user.disabled && (
              <span
                data-testid="user-disabled"
                className="ml-2 rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-800"
              >
                {t('users.disabledBadge')}
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={roleId} className="block text-xs font-medium text-gray-700">
              {t('users.role')}
            </label>
            <select
              id={roleId}
              data-testid="user-role-select"
              value={user.role}
              disabled={isSelf || update.isPending}
              onChange={(event) => {
                const role = event.target.value as UserSummary['role'];
                save(
                  { role },
                  t('users.roleChanged', { name: user.displayName, role: t(`users.roles.${role}`) }),
                );
              }}
              className="mt-1 block h-9 rounded-lg border border-gray-300 bg-white px-2 text-sm disabled:opacity-60"
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`users.roles.${role}`)}
                </option>
              ))}
            </select>
          </div>
          {!isSelf &&
            (user.disabled ? (
              <button
                type="button"
                data-testid="enable-user"
                className={`${buttonStyles.secondary} h-9`}
                aria-disabled={update.isPending || undefined}
                onClick={() =>
                  !update.isPending &&
                  save({ disabled: false }, t('users.enabled', { name: user.displayName }))
                }
              >
                {t('users.enable')}
                <span className="sr-only"> {user.displayName}</span>
              </button>
            ) : (
              !confirming && (
                <button
                  type="button"
                  data-testid="disable-user"
                  className={`${buttonStyles.secondary} h-9 text-red-800`}
                  onClick={() => setConfirming(true)}
                >
                  {t('users.disable')}
                  <span className="sr-only"> {user.displayName}</span>
                </button>
              )
            ))}
        </div>
      </div>
      {confirming && (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="mr-auto">{t('users.confirmDisable', { name: user.displayName })}</p>
          <button
            type="button"
            data-testid="confirm-disable-user"
            className={`${buttonStyles.actionPrimary} bg-red-700 hover:bg-red-800`}
            aria-disabled={update.isPending || undefined}
            onClick={() =>
              !update.isPending &&
              save({ disabled: true }, t('users.disabledDone', { name: user.displayName }))
            }
          >
            {t('users.confirmDisableYes')}
          </button>
          <button type="button" className={buttonStyles.action} onClick={() => setConfirming(false)}>
            {t('users.cancel')}
          </button>
        </div>
      )}
      <div role="alert" data-testid="user-error">
        {error && (
          <p className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
