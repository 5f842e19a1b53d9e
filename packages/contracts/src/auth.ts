import { z } from 'zod';
import type { FieldIssueCode } from './errors.ts';
import { BigId, IsoDateTime, LanguageCode } from './primitives.ts';
import { characterCount, characterIssue, normaliseText, reportIssue, secretText, text } from './text.ts';

/** Password length rules, counted in Unicode code points (an emoji is one character). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 80;

/** The same addresses zod accepts as e-mail: ASCII, a dot in the domain. */
const EMAIL_PATTERN = z.regexes.email;

type Issue = { code: FieldIssueCode; message: string; params?: Record<string, number> };

/** Why `password` breaks the length rules, or null. Shared by the web form and the server. */
export function passwordLengthIssue(password: string): Issue | null {
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) {
    return {
      code: 'too_short',
      message: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
      params: { minimum: PASSWORD_MIN_LENGTH },
    };
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return {
      code: 'too_long',
      message: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
      params: { maximum: PASSWORD_MAX_LENGTH },
    };
  }
  return null;
}

const report = reportIssue;

/** An e-mail address as entered: surrounding spaces removed, compared case-insensitively by the server. */
export const EmailAddress = z
  .string({ error: 'Enter an e-mail address' })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') report(ctx, { code: 'required', message: 'Enter an e-mail address' });
    else if (value.length > EMAIL_MAX_LENGTH) {
      report(ctx, {
        code: 'too_long',
        message: `Use at most ${EMAIL_MAX_LENGTH} characters`,
        params: { maximum: EMAIL_MAX_LENGTH },
      });
    } else if (!EMAIL_PATTERN.test(value)) {
      report(ctx, { code: 'invalid_email', message: 'Enter an e-mail address such as ana@example.org' });
    }
  });

/**
 * A display name: a one-line name (no control, bidi or zero-width characters: see `TextKind`),
 * trimmed and NFC-normalised, 1–80 characters. Shown as text.
 */
export const DisplayName = z
  .string({ error: 'Enter a name' })
  .overwrite((raw) => normaliseText(raw, 'name'))
  .superRefine((value, ctx) => {
    if (value === '') report(ctx, { code: 'required', message: 'Enter a name' });
    else if (characterCount(value) > DISPLAY_NAME_MAX_LENGTH) {
      report(ctx, {
        code: 'too_long',
        message: `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
        params: { maximum: DISPLAY_NAME_MAX_LENGTH },
      });
    } else if (characterIssue(value, 'name')) {
      report(ctx, {
        code: 'invalid_characters',
        message: 'Use letters, digits, spaces and punctuation only',
      });
    }
  });

/**
 * A new password: 10–256 characters, used exactly as typed. The server also refuses common
 * passwords and the account's own e-mail address (codes `password_too_common`, `password_matches_email`).
 */
export const NewPassword = secretText(PASSWORD_MAX_LENGTH * 4, 'Enter a password').superRefine((value, ctx) =>
  report(ctx, passwordLengthIssue(value)),
);

export const UserRole = z.enum(['contributor', 'moderator', 'admin']);
export type UserRole = z.infer<typeof UserRole>;

/** `POST /api/v1/auth/register`. */
export const RegisterBody = z.object({
  email: EmailAddress,
  password: NewPassword,
  displayName: DisplayName,
  /** The interface language at registration: the account's e-mail is written in it. */
  language: LanguageCode.optional(),
});
export type RegisterBody = z.input<typeof RegisterBody>;

/**
 * `POST /api/v1/auth/login`: no rules beyond sizes and what is not text at all, so an account made
 * under older rules can sign in. The e-mail is looked up, so it is a token (no NUL reaches the
 * database); the password is only hashed, and kept exactly as typed.
 */
export const LoginBody = z.object({
  email: text({ kind: 'token', max: 1000, error: 'Enter an e-mail address' }),
  password: secretText(1024, 'Enter a password'),
});
export type LoginBody = z.input<typeof LoginBody>;

/** The signed-in user, as register, login and `GET /auth/me` answer. */
export const CurrentUser = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  /** User text: render it as text, never as HTML. */
  displayName: z.string(),
  role: UserRole,
  /**
   * Whether the address is proven (the link of the verification e-mail was followed). Always true
   * when the site sends no e-mail. Proposals of an unproven account wait in the queue marked so.
   */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/**
 * The session cookie's name over plain HTTP (http-only: scripts never see it). Over HTTPS
 * (PUBLIC_URL https) it is {@link SECURE_SESSION_COOKIE}.
 */
export const SESSION_COOKIE = 'karta_session';
/**
 * The session cookie's name over HTTPS: a `__Host-` cookie is accepted by the browser only with
 * `Secure`, `Path=/` and no `Domain`, so no other subdomain can set or shadow it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * `POST /api/v1/auth/password-reset`: the address to send a reset link to, and the language the
 * person asked in (the mail is written in it). The answer is the same whether an account exists.
 */
export const PasswordResetRequest = z.object({
  email: EmailAddress,
  language: LanguageCode.optional(),
});
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

/** The token of a reset link: 32 random bytes in base64url, as the link carries it. */
export const ResetToken = z
  .string({ error: 'The link is not complete' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'The link is not complete');

/** `POST /api/v1/auth/password-reset/confirm`: the link's token and the new password. */
export const PasswordResetConfirm = z.object({
  token: ResetToken,
  password: NewPassword,
});
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirm>;

/** `POST /api/v1/auth/password`: a signed-in user's new password, with the current one. */
export const PasswordChange = z.object({
  currentPassword: secretText(1024, 'Enter your current password'),
  newPassword: NewPassword,
});
export type PasswordChange = z.input<typeof PasswordChange>;

/** One of the signed-in user's sessions (`GET /api/v1/auth/sessions`). */
export const AccountSession = z.object({
  id: z.number().int().positive(),
  createdAt: IsoDateTime,
  lastUsedAt: IsoDateTime,
  /** The browser and system, as its User-Agent named them at sign-in (short); null when unknown. */
  device: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionList = z.object({ items: z.array(AccountSession) });
export type AccountSessionList = z.infer<typeof AccountSessionList>;

export const SessionIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'Expected a session id')
    .transform(Number)
    .pipe(BigId),
});

/**
 * What registering answers (202) when the site sends e-mail, for every address alike: the account
 * is made only when the link e-mailed to the address is followed (`POST /auth/register/confirm`),
 * so the answer never tells whether the address already has one.
 */
export const RegistrationPending = z.object({ pending: z.literal(true) });
export type RegistrationPending = z.infer<typeof RegistrationPending>;

/** `POST /api/v1/auth/register/confirm`: the token of the registration e-mail's link. */
export const RegistrationConfirmation = z.object({ token: ResetToken });
export type RegistrationConfirmation = z.input<typeof RegistrationConfirmation>;

/** `POST /api/v1/auth/verify-email`: the token of the verification e-mail's link. */
export const EmailVerification = z.object({ token: ResetToken });
export type EmailVerification = z.input<typeof EmailVerification>;

/** How a moderator hears of new proposals and flags. */
export const ReviewMail = z.enum(['immediate', 'daily', 'off']);
export type ReviewMail = z.infer<typeof ReviewMail>;

/** `GET` / `PUT /api/v1/auth/notifications`: what the signed-in user is sent, and in which language. */
export const NotificationSettings = z.object({
  /** Moderators and admins: new proposals and flags at once, in a daily digest, or never. */
  reviewMail: ReviewMail,
  /** An e-mail when a moderator publishes or rejects one of the user's proposals. */
  decisionMail: z.boolean(),
  /** The language e-mail is written in. */
  language: LanguageCode,
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** `POST /api/v1/unsubscribe`: the token of a message's unsubscribe link. */
export const UnsubscribeBody = z.object({ token: ResetToken });
export type UnsubscribeBody = z.input<typeof UnsubscribeBody>;

/** Which e-mails an unsubscribe link ended. */
export const Unsubscribed = z.object({ list: z.enum(['review', 'decisions', 'follow']) });
export type Unsubscribed = z.infer<typeof Unsubscribed>;
