import { SsoProblem } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';

/**
 * Why single sign-on did not sign in, from the `sso` parameter the server's callback sends the
 * browser back with (`/sign-in?sso=expired`); an unknown code says nothing.
 */
export function SsoProblemAlert({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const problem = SsoProblem.safeParse(code);
  if (!problem.success) return null;
  return <FormAlert message={t(`sso.problems.${problem.data}`)} />;
}
