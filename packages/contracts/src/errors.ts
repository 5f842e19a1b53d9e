import { z } from 'zod';

/** Stable error codes; the web app translates each one. */
export const ErrorCode = z.enum([
  'validation_error',
  'unauthorized',
  /** Sign-in refused: unknown e-mail, wrong password or disabled account (one message for all). */
  'invalid_credentials',
  /** A password-reset link that is unknown, used or past its hour (one message for all). */
  'reset_link_invalid',
  /** An e-mail verification link that is unknown, used or expired. */
  'verification_link_invalid',
  /** A registration link that is unknown, used, expired, or for an address that has an account since. */
  'registration_link_invalid',
  /** The current password given to change it is not the account's. */
  'wrong_password',
  /** This site sends no e-mail (SMTP_URL unset): features that need it are off. */
  'mail_off',
  /** Registration refused without saying why (the e-mail may be taken; telling would leak accounts). */
  'registration_refused',
  'forbidden',
  /** A write from another site (its Origin or Sec-Fetch-Site is not ours): a CSRF defence. */
  'forbidden_origin',
  'not_found',
  'conflict',
  'payload_too_large',
  /** A path parameter longer than the server reads (414). */
  'url_too_long',
  /**
   * A body of a content type the endpoint does not take (415): JSON for every write, the
   * format's own type for an import, an image type for a photo.
   */
  'unsupported_media_type',
  /** A photo that cannot be kept (422): `details.reason` says why, each with what to do. */
  'photo_refused',
  /**
   * The place has as many photos as a place may (422): its published ones and the uploader's own
   * pending ones; or, publishing one, as many published photos.
   */
  'too_many_photos',
  /** The uploader has as many photos of this place waiting for review as one may (422). */
  'too_many_pending_photos',
  /** The user is sending as many photos at once as one may (429, with Retry-After). */
  'too_many_uploads',
  'invalid_transition',
  /**
   * A real import with refused rows (422): nothing was imported, and `details` is the report
   * (`ImportReport`) with every refused row and why.
   */
  'import_refused',
  'rate_limited',
  /** A signed-out author's note with a link or a web address in it (400): only signed-in authors may link. */
  'links_not_allowed',
  /** A note from an e-mail address or domain an admin has blocked (403). */
  'sender_blocked',
  /**
   * An `Idempotency-Key` this user sent before with another request (422): a key names one write,
   * so a different write needs a new key.
   */
  'idempotency_key_reused',
  /**
   * An offline pack's box holds more published places than a pack may (422, `details.max`):
   * save a smaller area.
   */
  'offline_area_too_large',
  /**
   * A box whose base-map tiles are more than one question may count (400, `details.max`,
   * `MAX_BASEMAP_TILES`): save a smaller area.
   */
  'basemap_area_too_large',
  /** A contributor already has as many proposals awaiting review as one may (429). */
  'too_many_open_proposals',
  'internal_error',
  'database_unavailable',
  /** A database read ran past its statement timeout (503): narrow the request or try again. */
  'query_timeout',
  'insufficient_storage',
  /**
   * The site's geocoder did not answer in time, failed, or is off (503): address search is
   * unavailable for now; places can still be found by name and placed on the map.
   */
  'geocoder_unavailable',
  /**
   * A real import with more rows to place by address than it looks up while it runs (409): their
   * look-up now runs in the background (`details.runId`); import again once it is done.
   */
  'geocoding_in_progress',
  /** The server is busy with other work of this kind (503, with Retry-After): try again shortly. */
  'server_busy',
  /**
   * An `Authorization: Bearer` token that is not one of ours, or unknown, revoked or expired, or
   * of a disabled account (401): the request is refused, never answered as a visitor's.
   */
  'token_invalid',
  /**
   * An API token used where tokens may not go (the account, its tokens, users), or without the
   * scope the endpoint needs (403, `details.scope` names it when one would do).
   */
  'token_not_allowed',
  /** The user already has as many live API tokens as one may (422, `details.max`): revoke one first. */
  'too_many_tokens',
  /**
   * Another moderator has the place open in the review queue (409, `details.holder` with their
   * `displayName` and `until`): it is theirs to decide until they do or the hold lapses.
   */
  'place_held',
  /** Password sign-in, registration and reset are off on this site (`PASSWORD_LOGIN=false`, 403): use single sign-on. */
  'password_login_off',
  /** Unlinking the account's last way to sign in (no password, no other identity) (409). */
  'last_sign_in_method',
  /** oEmbed as XML (501): this site answers oEmbed in JSON only. */
  'oembed_format_unsupported',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * Why a field failed, for translation; `params` carries numbers such as `minimum`. Fields checked
 * before codes existed give only a message.
 */
export const FieldIssueCode = z.enum([
  'required',
  'invalid',
  'too_short',
  'too_long',
  'invalid_email',
  /** Control, invisible or broken (unpaired surrogate) characters: see `TextKind`. */
  'invalid_characters',
  /** Text in a language the site does not offer (`LANGUAGES`). */
  'unsupported_language',
  'too_many_languages',
  'password_too_common',
  'password_matches_email',
  /** Opening hours that opening_hours.js cannot read; the message points at the spot. */
  'invalid_opening_hours',
  /** A value in `extra` for a field the place's category does not have. */
  'unknown_field',
  /** A choice that is not one of the field's options. */
  'not_an_option',
  /** A choice the field no longer offers to new values. */
  'retired_option',
  /** A number below the field's minimum (`params.minimum`) or above its maximum (`params.maximum`). */
  'too_small',
  'too_large',
]);
export type FieldIssueCode = z.infer<typeof FieldIssueCode>;

/** One field that failed validation: a dotted path and a message (and, where known, a code). */
export const FieldIssue = z.object({
  path: z.string(),
  message: z.string(),
  code: FieldIssueCode.optional(),
  params: z.record(z.string(), z.number()).optional(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

/** The body of every API error (docs/product-rules.md §Errors). */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
