import { EmailAddress } from '@karta/contracts';
import { z } from 'zod';
import { checkNewPassword } from './password-rules.ts';
import { type Env, type EnvIssue, exactText, optionalText } from './values.ts';

/** The first admin, created at start when there is no admin yet. */
export const AdminEnv = z
  .object({
    ADMIN_EMAIL: optionalText,
    // A password is used exactly as given: not trimmed.
    ADMIN_PASSWORD: exactText,
  })
  .transform((e) => {
    // A bad address is named by `adminIssues`, and `loadConfig` then refuses to start.
    const email = e.ADMIN_EMAIL === undefined ? undefined : EmailAddress.safeParse(e.ADMIN_EMAIL);
    return {
      /** The first admin, created at start when there is no admin yet (ADMIN_EMAIL + ADMIN_PASSWORD). */
      admin: email?.success && e.ADMIN_PASSWORD ? { email: email.data, password: e.ADMIN_PASSWORD } : null,
    };
  });

export type AdminConfig = z.output<typeof AdminEnv>;

/** The first admin's variables: both or neither, a valid e-mail, a password that passes the rules. */
export function adminIssues(env: Env): EnvIssue[] {
  const email = env.ADMIN_EMAIL?.trim() || undefined;
  const password = env.ADMIN_PASSWORD || undefined;
  if (!email && !password) return [];
  if (!email) return [{ variable: 'ADMIN_EMAIL', message: 'Set it together with ADMIN_PASSWORD' }];
  if (!password) return [{ variable: 'ADMIN_PASSWORD', message: 'Set it together with ADMIN_EMAIL' }];
  const issues: EnvIssue[] = [];
  const parsedEmail = EmailAddress.safeParse(email);
  if (!parsedEmail.success) {
    issues.push({ variable: 'ADMIN_EMAIL', message: parsedEmail.error.issues[0]?.message ?? 'Invalid' });
  }
  for (const issue of checkNewPassword(password, email)) {
    issues.push({ variable: 'ADMIN_PASSWORD', message: issue.message });
  }
  return issues;
}
