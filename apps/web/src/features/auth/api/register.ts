import type {
  CurrentUser,
  RegisterBody,
  RegistrationConfirmation,
  RegistrationPending,
} from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applySession } from '../../../lib/session/current-user.ts';

/**
 * POST /api/v1/auth/register: without e-mail, creates the account and signs in; with e-mail, the
 * server answers `pending` for every address and the link it mails makes the account.
 */
export function register(body: RegisterBody) {
  return api.register(body);
}

/** Whether registering answered "a link is on its way" rather than with the new user. */
export function isPending(answer: CurrentUser | RegistrationPending): answer is RegistrationPending {
  return 'pending' in answer;
}

/** Creates an account; when it is made at once, the new user is signed in, in the cache too. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => {
      if (!isPending(answer)) applySession(queryClient, answer);
    },
  });
}

/** POST /api/v1/auth/register/confirm: makes the account of a registration link and signs in. */
export function confirmRegistration(body: RegistrationConfirmation) {
  return api.confirmRegistration(body);
}

/** Follows a registration link: the new user is signed in, in the cache too. */
export function useConfirmRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmRegistration,
    onSuccess: (user) => applySession(queryClient, user),
  });
}
