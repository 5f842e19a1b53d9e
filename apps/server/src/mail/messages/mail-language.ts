/** The languages mail is written in; any other falls back to English. */
export const MAIL_LANGUAGES = ['en', 'hr'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The first of `preferences` that mail is written in (a request's, then the site's), else English. */
export function mailLanguage(...preferences: (string | null | undefined)[]): MailLanguage {
  for (const language of preferences) {
    const match = MAIL_LANGUAGES.find((known) => known === language);
    if (match) return match;
  }
  return 'en';
}
