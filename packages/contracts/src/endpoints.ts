import { z } from 'zod';
import { AuditList, AuditListQuery } from './audit.ts';
import {
  AccountSessionList,
  CurrentUser,
  EmailVerification,
  LoginBody,
  NotificationSettings,
  PasswordChange,
  PasswordResetConfirm,
  PasswordResetRequest,
  RegisterBody,
  RegistrationConfirmation,
  RegistrationPending,
  SessionIdParams,
  UnsubscribeBody,
  Unsubscribed,
} from './auth.ts';
import {
  BlockedSender,
  BlockedSenderIdParams,
  BlockedSenderInput,
  BlockedSenderList,
} from './blocked-senders.ts';
import {
  Category,
  CategoryIdParams,
  CategoryInput,
  CategoryList,
  CategoryPatch,
  PurgeFieldInput,
} from './categories.ts';
import { ErrorBody } from './errors.ts';
import { AtomFeed, PlacesFeedQuery, ReviewFeedQuery, ReviewFeedToken } from './feeds.ts';
import {
  Flag,
  FlagIdParams,
  FlagInput,
  FlagList,
  FlagListQuery,
  FlagReceipt,
  FlagResolution,
  NoteFlagInput,
} from './flags.ts';
import {
  Follow,
  FollowConfirmation,
  FollowIdParams,
  FollowInput,
  FollowList,
  FollowManageQuery,
} from './follows.ts';
import {
  ConfirmationInput,
  ConfirmationReceipt,
  NeedsCheckingList,
  NeedsCheckingQuery,
} from './freshness.ts';
import { GeocodeAnswer, GeocodeQuery, ReverseGeocodeAnswer, ReverseGeocodeQuery } from './geocode.ts';
import { IdempotencyHeaders } from './idempotency.ts';
import {
  ExportQuery,
  IMPORT_CONTENT_TYPES,
  ImportGeocodingRun,
  ImportGeocodingRunParams,
  ImportQuery,
  ImportReport,
  ImportResultList,
} from './import.ts';
import {
  ImportSourceIdParams,
  ImportSourceInput,
  ImportSourceList,
  ImportSourceRunList,
  ImportSource as ImportSourceSummary,
  QueuedImportRun,
} from './import-sources.ts';
import { JobIdParams, JobList, JobListQuery, JobSummary } from './jobs.ts';
import { MapQuery, MapResponse } from './map.ts';
import { PendingNoteList, PendingNotesQuery } from './note-review.ts';
import {
  ConfirmedNote,
  Note,
  NoteAccepted,
  NoteConfirmation,
  NoteIdParams,
  NoteInput,
  NoteList,
  NoteListQuery,
  NoteTransition,
} from './notes.ts';
import { OEmbedQuery, OEmbedResponse } from './oembed.ts';
import { OfflinePack, OfflinePackQuery } from './offline-pack.ts';
import { OpenApiDocument } from './openapi-document.ts';
import { HoursPreview, HoursPreviewQuery } from './opening-hours.ts';
import {
  PHOTO_CONTENT_TYPES,
  Photo,
  PhotoFile,
  PhotoFlagInput,
  PhotoIdParams,
  PhotoList,
  PhotoListQuery,
  PhotoOrder,
  PhotoPatch,
  PhotoQueue,
  PhotoTransition,
  UploadedPhoto,
} from './photos.ts';
import { PlaceFeatureCollection } from './place-geojson.ts';
import { PlaceHold, PlaceHolds } from './place-holds.ts';
import {
  OwnPlace,
  PlaceHistory,
  PlaceInput,
  PlacePatch,
  PlaceTransition,
  PlaceTransitionBatch,
  PlaceTransitionBatchResult,
} from './place-writes.ts';
import {
  Place,
  PlaceIdParams,
  PlaceList,
  PlaceListQuery,
  PlaceSuggestions,
  PlaceSuggestionsQuery,
  SimilarPlaces,
  SimilarPlacesQuery,
} from './places.ts';
import { routes } from './routes.ts';
import {
  SsoCallbackQuery,
  SsoIdentityIdParams,
  SsoIdentityList,
  SsoProviderParams,
  SsoStartQuery,
} from './sso.ts';
import { ClientConfig, Health } from './system.ts';
import { TilesSize, TilesSizeQuery } from './tiles.ts';
import { ApiTokenIdParams, ApiTokenInput, ApiTokenList, CreatedApiToken } from './tokens.ts';
import { UserIdParams, UserList, UserListQuery, UserPatch, UserSummary } from './users.ts';
import {
  CreatedWebhook,
  WebhookDeliveryList,
  WebhookDeliveryQuery,
  WebhookIdParams,
  WebhookInput,
  WebhookList,
  WebhookPatch,
  Webhook as WebhookSummary,
} from './webhooks.ts';

/** One HTTP endpoint: the single description that the server, the client and OpenAPI share. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  /** A path has at most one parameter, `{id}`: the client's methods take it as their first argument. */
  params?: z.ZodObject<{ id: z.ZodType }>;
  query?: z.ZodObject;
  /**
   * Request headers the endpoint reads, named as HTTP writes them (`Idempotency-Key`); OpenAPI
   * parameters `in: header`. Each is optional: the client's methods take them among a call's
   * request options, not as arguments of their own.
   */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The success status: 200 unless said otherwise. */
  status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** The success body; absent for 204. */
  response?: z.ZodType;
  /**
   * The body of a 202 answer, when the endpoint may take a request that finishes later (by a link
   * e-mailed) instead of answering it at once: then no session is set.
   */
  accepted?: z.ZodType;
  /** `required`: answers 401 without a session cookie; `sets`: starts a session (sets the cookie). */
  session?: 'required' | 'sets' | 'ends';
  /**
   * Statuses other than the success one that this endpoint's own handler answers, with the error
   * body. What every request or every write can get from the server's guards is added by openapi.ts.
   */
  errors: readonly number[];
  /** Content types of a body that is not JSON (a file), described as text in OpenAPI. */
  bodyTypes?: readonly string[];
  /** A success body that is not JSON (a download, streamed, so not checked on the way out). */
  download?: { type: string; schema: z.ZodType };
}

/**
 * Every endpoint of `/api/v1`: its route (method, path and what a call carries, routes.ts, which a
 * browser reads before zod has loaded) with its schemas. Paths use OpenAPI's `{param}` form.
 */
export const endpoints = {
  health: {
    ...routes.health,
    summary: 'Whether the service and its database answer (503 when not)',
    response: Health,
    errors: [503],
  },
  config: {
    ...routes.config,
    summary: 'Runtime configuration for the web app',
    response: ClientConfig,
    errors: [],
  },
  openApi: {
    ...routes.openApi,
    summary: 'This document: every endpoint, generated from the same table the server and client use',
    response: OpenApiDocument,
    errors: [],
  },
  categories: {
    ...routes.categories,
    summary: 'All categories',
    response: CategoryList,
    errors: [],
  },
  map: {
    ...routes.map,
    summary: 'Clusters and single published places of a viewport',
    query: MapQuery,
    response: MapResponse,
    errors: [400, 429, 503],
  },
  listPlaces: {
    ...routes.listPlaces,
    summary:
      'Places in a box, nearest first, paginated with a cursor: published ones, or by `status` and `mine` those the reader may see. `q` searches names, descriptions and addresses (any language, case and diacritics ignored; name matches first); `near` + `radius` keeps places within that many metres, `covers` those whose own radius covers the point, each nearest first with its `distance`',
    query: PlaceListQuery,
    response: PlaceList,
    errors: [400, 401, 429],
  },
  suggestPlaces: {
    ...routes.suggestPlaces,
    summary:
      'A few published places for a search box as the user types: names (or a word of them) beginning with `q` first, nearest to `origin` first, then other matches; no total, no pages',
    query: PlaceSuggestionsQuery,
    response: PlaceSuggestions,
    errors: [400, 429],
  },
  similarPlaces: {
    ...routes.similarPlaces,
    summary: 'Possible duplicates: published places within 200 m whose name is like `name`, nearest first',
    query: SimilarPlacesQuery,
    response: SimilarPlaces,
    errors: [400, 429],
  },
  previewHours: {
    ...routes.previewHours,
    summary: 'What opening hours mean: whether they read, the library’s advice, and the coming week',
    query: HoursPreviewQuery,
    response: HoursPreview,
    errors: [400],
  },
  geocode: {
    ...routes.geocode,
    summary:
      'Addresses and towns for what a person typed, nearest to `near` first, from the geocoder the site chose (`GEOCODER`): the built-in towns and the addresses of published places, Nominatim or Photon. Answers are cached for 30 days. The provider down or past 5 s answers 503 `geocoder_unavailable`, and so does a site whose geocoder is off',
    query: GeocodeQuery,
    response: GeocodeAnswer,
    errors: [400, 429],
  },
  reverseGeocode: {
    ...routes.reverseGeocode,
    summary:
      'The address at a point, no more precise than `precision`: `exact` (the default) names the house, `100m` the street, `1km` the district or town. 404 when the geocoder knows no address there; 503 `geocoder_unavailable` as for `geocode`',
    query: ReverseGeocodeQuery,
    response: ReverseGeocodeAnswer,
    errors: [400, 404, 429],
  },
  getPlace: {
    ...routes.getPlace,
    summary: 'One place: published, or the reader’s own (exact position for its author and moderators)',
    params: PlaceIdParams,
    response: Place,
    errors: [400, 404],
  },
  register: {
    ...routes.register,
    summary:
      'Create an account. Without e-mail: made at once and signed in (201, sets the session cookie). With e-mail: 202 for every address, and a link is e-mailed (to an address with an account, a note instead); the account is made when the link is followed',
    body: RegisterBody,
    status: 201,
    response: CurrentUser,
    accepted: RegistrationPending,
    session: 'sets',
    errors: [400, 403, 415, 429],
  },
  confirmRegistration: {
    ...routes.confirmRegistration,
    summary:
      'Make the account of a registration e-mail’s link and sign in (400 `registration_link_invalid` for an unknown, used or expired one, or an address taken since)',
    body: RegistrationConfirmation,
    status: 201,
    response: CurrentUser,
    session: 'sets',
    errors: [400, 403, 404, 415, 429],
  },
  login: {
    ...routes.login,
    summary: 'Sign in with e-mail and password (sets a new session cookie)',
    body: LoginBody,
    response: CurrentUser,
    session: 'sets',
    errors: [400, 401, 403, 415, 429],
  },
  logout: {
    ...routes.logout,
    summary: 'Sign out: ends the session and clears its cookie',
    status: 204,
    session: 'ends',
    errors: [403],
  },
  me: {
    ...routes.me,
    // 200 with null rather than 401: browsers log every 4xx as a console error, and a visitor who
    // is not signed in is the common case on every page, not an error.
    summary: 'The signed-in user, or null when not signed in (also for an ended or unknown session)',
    response: CurrentUser.nullable(),
    errors: [],
  },
  requestPasswordReset: {
    ...routes.requestPasswordReset,
    summary:
      'Send a single-use password-reset link, valid one hour, to an address: the same answer whether or not an account has it (404 `mail_off` when the site sends no e-mail)',
    body: PasswordResetRequest,
    status: 204,
    errors: [400, 403, 404, 415, 429],
  },
  confirmPasswordReset: {
    ...routes.confirmPasswordReset,
    summary:
      'Set a new password with a reset link’s token: the token is used up and every session of the account ends (400 `reset_link_invalid` for an unknown, used or expired token)',
    body: PasswordResetConfirm,
    status: 204,
    errors: [400, 403, 404, 415, 429],
  },
  changePassword: {
    ...routes.changePassword,
    summary: 'Change the signed-in user’s password, given the current one: every other session ends',
    body: PasswordChange,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 415, 429],
  },
  listSessions: {
    ...routes.listSessions,
    summary: 'The signed-in user’s live sessions, most recently used first',
    response: AccountSessionList,
    session: 'required',
    errors: [401],
  },
  endSession: {
    ...routes.endSession,
    summary: 'End one of the signed-in user’s sessions (signs that browser out)',
    params: SessionIdParams,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 404],
  },
  ssoStart: {
    ...routes.ssoStart,
    summary:
      'Sign in through a single sign-on provider (README, “Single sign-on”): 302 to the provider, asking for a code with PKCE, state and nonce; `returnTo`, a path of this site, is where the callback lands. An unknown provider 404; one that does not answer, 303 to `/sign-in?sso=provider_unavailable`',
    params: SsoProviderParams,
    query: SsoStartQuery,
    status: 302,
    errors: [400, 404],
  },
  ssoCallback: {
    ...routes.ssoCallback,
    summary:
      'Where the provider sends the person back (the redirect URI to register): checks the state (once, and of this browser), the code and the nonce, signs in (a new session cookie) and 303 to the start’s `returnTo`; otherwise 303 to `/sign-in?sso=<problem>` (`SsoProblem`)',
    params: SsoProviderParams,
    query: SsoCallbackQuery,
    status: 303,
    session: 'sets',
    errors: [400, 404],
  },
  listIdentities: {
    ...routes.listIdentities,
    summary: 'The single sign-on identities linked to the signed-in account, and whether it has a password',
    response: SsoIdentityList,
    session: 'required',
    errors: [401],
  },
  unlinkIdentity: {
    ...routes.unlinkIdentity,
    summary:
      'Unlink one of the signed-in account’s identities; 409 `last_sign_in_method` when it is the last way to sign in (no password, no other identity)',
    params: SsoIdentityIdParams,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 404, 409],
  },
  verifyEmail: {
    ...routes.verifyEmail,
    summary:
      'Prove an address with the token of the verification e-mail (400 `verification_link_invalid` for an unknown, used or expired one); the account’s waiting proposals are then announced to moderators',
    body: EmailVerification,
    status: 204,
    errors: [400, 403, 404, 415, 429],
  },
  resendVerification: {
    ...routes.resendVerification,
    summary: 'Send the verification e-mail again to the signed-in user’s unproven address',
    status: 204,
    session: 'required',
    errors: [401, 403, 404, 429],
  },
  notificationSettings: {
    ...routes.notificationSettings,
    summary: 'What the signed-in user is sent by e-mail, and in which language',
    response: NotificationSettings,
    session: 'required',
    errors: [401],
  },
  updateNotificationSettings: {
    ...routes.updateNotificationSettings,
    summary: 'Change what the signed-in user is sent by e-mail (review mail is for moderators only)',
    body: NotificationSettings,
    response: NotificationSettings,
    session: 'required',
    errors: [400, 401, 403, 415],
  },
  unsubscribe: {
    ...routes.unsubscribe,
    summary:
      'End the e-mails an unsubscribe link was sent with, without signing in (404 for an unknown link). Mail clients’ one-click unsubscribe (RFC 8058) POSTs to the link itself',
    body: UnsubscribeBody,
    response: Unsubscribed,
    errors: [400, 403, 404, 415],
  },
  createFollow: {
    ...routes.createFollow,
    summary:
      'Follow an area or a spot by e-mail, without an account: a confirmation link is sent unless the address already has 3 unanswered ones (nothing else until one is followed), then a daily or weekly digest of published places added, changed or archived there. The same answer whatever the address (404 `mail_off` when the site sends no e-mail)',
    body: FollowInput,
    status: 204,
    errors: [400, 403, 404, 415, 429],
  },
  confirmFollow: {
    ...routes.confirmFollow,
    summary: 'Confirm a follow with its confirmation link’s token (404 for an unknown or used one)',
    body: FollowConfirmation,
    response: Follow,
    errors: [400, 403, 404, 415, 429],
  },
  listFollows: {
    ...routes.listFollows,
    summary: 'Every follow of the address a “manage your follows” link was sent to (404 for an unknown link)',
    query: FollowManageQuery,
    response: FollowList,
    errors: [400, 404, 429],
  },
  endFollow: {
    ...routes.endFollow,
    summary: 'End one follow of the address a “manage your follows” link was sent to',
    params: FollowIdParams,
    query: FollowManageQuery,
    status: 204,
    errors: [400, 403, 404],
  },
  createPlace: {
    ...routes.createPlace,
    summary: 'Propose a place: it is pending until a moderator publishes it',
    headers: IdempotencyHeaders,
    body: PlaceInput,
    status: 201,
    response: OwnPlace,
    session: 'required',
    errors: [400, 401, 403, 413, 415, 422, 429],
  },
  updatePlace: {
    ...routes.updatePlace,
    summary: 'Edit a place, naming the version the edit is based on (409 when it is stale)',
    params: PlaceIdParams,
    body: PlacePatch,
    response: OwnPlace,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 413, 415, 429],
  },
  transitionPlace: {
    ...routes.transitionPlace,
    summary: 'Publish, reject (with a reason), archive, restore or resubmit a place',
    params: PlaceIdParams,
    body: PlaceTransition,
    response: OwnPlace,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 415, 422, 429],
  },
  transitionPlaces: {
    ...routes.transitionPlaces,
    summary:
      'Publish, reject (with one reason), archive or restore up to 100 places at once (moderators). Each place is moved on its own at the version given: the answer lists, in order, each place as it now is or why it was not moved (stale version 409, held by another moderator 409 `place_held`, not allowed 422)',
    body: PlaceTransitionBatch,
    response: PlaceTransitionBatchResult,
    session: 'required',
    errors: [400, 401, 403, 415, 429],
  },
  placeHolds: {
    ...routes.placeHolds,
    summary: 'The places moderators have open in the review queue, and until when (moderators)',
    response: PlaceHolds,
    session: 'required',
    errors: [401, 403, 429],
  },
  holdPlace: {
    ...routes.holdPlace,
    summary:
      'Open a place for review: it is held for you for 30 minutes or until your decision, and other moderators see who has it (moderators; 409 `place_held` while another moderator holds it)',
    params: PlaceIdParams,
    response: PlaceHold,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 429],
  },
  releasePlace: {
    ...routes.releasePlace,
    summary: 'Let go of a place you hold for review without deciding it (moderators)',
    params: PlaceIdParams,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 429],
  },
  placeHistory: {
    ...routes.placeHistory,
    summary: 'Every change of a place: who, when, what (its author and moderators only)',
    params: PlaceIdParams,
    response: PlaceHistory,
    session: 'required',
    errors: [400, 401, 403, 404],
  },
  flagPlace: {
    ...routes.flagPlace,
    summary: 'Report a problem with a published place (anyone, signed in or not)',
    params: PlaceIdParams,
    body: FlagInput,
    status: 201,
    response: FlagReceipt,
    errors: [400, 404, 415, 429],
  },
  createNote: {
    ...routes.createNote,
    summary:
      'Write a note on a published place: a status note, today’s news that expires (at the end of the local day unless `expiresAt` says otherwise, at most 7 days ahead), or a comment that lasts. Signed in: 201 with the note, published at once or after a moderator’s look as the place’s category says (an author’s first note always waits). Signed out, with `email`: 202, and the note waits unseen for the link e-mailed there (a week); 404 `mail_off` when the site sends no e-mail. Refused: links from signed-out authors (400 `links_not_allowed`), a blocked address or domain (403 `sender_blocked`), the same text on the same place within a day (409), too many notes from one client, account, address or on one place (429)',
    params: PlaceIdParams,
    body: NoteInput,
    status: 201,
    response: Note,
    accepted: NoteAccepted,
    errors: [400, 403, 404, 409, 415, 429],
  },
  confirmNote: {
    ...routes.confirmNote,
    summary:
      'Confirm a signed-out author’s note with its e-mailed link’s token: it then waits for a moderator, or is published, by the rules of signed-in authors (404 for an unknown, used or expired link)',
    body: NoteConfirmation,
    response: ConfirmedNote,
    errors: [400, 403, 404, 415, 429],
  },
  listNotes: {
    ...routes.listNotes,
    summary:
      'The published notes of a published place that apply now (status notes until they expire), newest first, page by page; with `ended=true`, its history: the status notes that have ended',
    params: PlaceIdParams,
    query: NoteListQuery,
    response: NoteList,
    errors: [400, 404],
  },
  transitionNote: {
    ...routes.transitionNote,
    summary:
      'Publish a note, or hide it with a reason (moderators): pending → published or hidden, published → hidden, hidden → published. A note still waiting for its author’s e-mailed link cannot be moved (422 `invalid_transition`)',
    params: NoteIdParams,
    body: NoteTransition,
    response: Note,
    session: 'required',
    errors: [400, 401, 403, 404, 415, 422, 429],
  },
  pendingNotes: {
    ...routes.pendingNotes,
    summary: 'Notes waiting for a moderator, oldest first, with their places and authors (moderators)',
    query: PendingNotesQuery,
    response: PendingNoteList,
    session: 'required',
    errors: [400, 401, 403],
  },
  confirmPlace: {
    ...routes.confirmPlace,
    summary:
      'Say a published place is still there, or not (anyone, signed in or not; once a day per place and client)',
    params: PlaceIdParams,
    body: ConfirmationInput,
    response: ConfirmationReceipt,
    errors: [400, 404, 415, 429],
  },
  needsChecking: {
    ...routes.needsChecking,
    summary: 'Published places reported not there, then those out of date, for checking (moderators)',
    query: NeedsCheckingQuery,
    response: NeedsCheckingList,
    session: 'required',
    errors: [400, 401, 403],
  },
  flagNote: {
    ...routes.flagNote,
    summary: 'Report a published note of a published place (anyone, signed in or not)',
    params: NoteIdParams,
    body: NoteFlagInput,
    status: 201,
    response: FlagReceipt,
    errors: [400, 404, 415, 429],
  },
  listFlags: {
    ...routes.listFlags,
    summary:
      'Reports on places, their photos and notes: open ones oldest first, or resolved ones newest first (moderators)',
    query: FlagListQuery,
    response: FlagList,
    session: 'required',
    errors: [400, 401, 403],
  },
  resolveFlag: {
    ...routes.resolveFlag,
    summary:
      'Resolve a report: the place was fixed (for a report on a note: the note is hidden), or there was nothing to change (moderators)',
    params: FlagIdParams,
    body: FlagResolution,
    response: Flag,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 415, 429],
  },
  createCategory: {
    ...routes.createCategory,
    summary: 'Add a category (moderators); its slug never changes',
    body: CategoryInput,
    status: 201,
    response: Category,
    session: 'required',
    errors: [400, 401, 403, 409, 415, 429],
  },
  updateCategory: {
    ...routes.updateCategory,
    summary:
      'Change a category’s names, colour, icon or fields (moderators). `fields` replaces the list: a field left out is hidden with its values kept; 409 when a change would lose saved values (a type change or a deleted option places hold: retire it)',
    params: CategoryIdParams,
    body: CategoryPatch,
    response: Category,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 415, 429],
  },
  purgeCategoryField: {
    ...routes.purgeCategoryField,
    summary: 'Delete for good the hidden values of a removed field from every place of the category (admins)',
    params: CategoryIdParams,
    body: PurgeFieldInput,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 404, 429],
  },
  deleteCategory: {
    ...routes.deleteCategory,
    summary: 'Delete a category no place uses (moderators; 409 while it has places)',
    params: CategoryIdParams,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 429],
  },
  listUsers: {
    ...routes.listUsers,
    summary: 'Users, newest first, optionally matching `q` (admins)',
    query: UserListQuery,
    response: UserList,
    session: 'required',
    errors: [400, 401, 403],
  },
  updateUser: {
    ...routes.updateUser,
    summary: 'Change a user’s role, or disable or enable the account (admins; not their own)',
    params: UserIdParams,
    body: UserPatch,
    response: UserSummary,
    session: 'required',
    errors: [400, 401, 403, 404, 415, 429],
  },
  listBlockedSenders: {
    ...routes.listBlockedSenders,
    summary: 'The e-mail addresses and domains whose notes are refused (admins), newest first',
    response: BlockedSenderList,
    session: 'required',
    errors: [401, 403],
  },
  blockSender: {
    ...routes.blockSender,
    summary:
      'Refuse notes from an address (`name@example.hr`) or a domain and its subdomains (`example.hr` or `@example.hr`), admins; blocking one already blocked answers it again',
    body: BlockedSenderInput,
    status: 201,
    response: BlockedSender,
    session: 'required',
    errors: [400, 401, 403, 415, 429],
  },
  unblockSender: {
    ...routes.unblockSender,
    summary: 'Take an address or domain off the blocked list (admins)',
    params: BlockedSenderIdParams,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 404],
  },
  listJobs: {
    ...routes.listJobs,
    summary:
      'Background jobs (admins), newest first, of one state or all (`before` pages on by id), with how many are in each state: what failed, why, and what is dead',
    query: JobListQuery,
    response: JobList,
    session: 'required',
    errors: [400, 401, 403],
  },
  retryJob: {
    ...routes.retryJob,
    summary:
      'Run a dead or failing job again now, its attempts counted afresh (admins; 404 for an unknown job, 409 for one that is queued, running or done)',
    params: JobIdParams,
    response: JobSummary,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 429],
  },
  listAudit: {
    ...routes.listAudit,
    summary:
      'The audit log (admins), newest first: who did what to which object, why, and what changed; filtered by actor, action, object and time, paged on by `cursor`. It cannot be edited',
    query: AuditListQuery,
    response: AuditList,
    session: 'required',
    errors: [400, 401, 403],
  },
  createWebhook: {
    ...routes.createWebhook,
    summary:
      'Register a URL to be sent events (admins): `place.published`, `place.updated`, `place.archived`, `note.published`, `flag.created`, optionally for some categories. Each delivery is signed per the Standard Webhooks spec with the `whsec_` secret, which is in this answer only. Addresses on private or local networks are refused (400) unless the site allows them',
    body: WebhookInput,
    status: 201,
    response: CreatedWebhook,
    session: 'required',
    errors: [400, 401, 403, 415, 429],
  },
  listWebhooks: {
    ...routes.listWebhooks,
    summary: 'The webhooks (admins), newest first, without their secrets',
    response: WebhookList,
    session: 'required',
    errors: [401, 403],
  },
  updateWebhook: {
    ...routes.updateWebhook,
    summary: 'Switch a webhook off, or on again with its failures forgotten (admins)',
    params: WebhookIdParams,
    body: WebhookPatch,
    response: WebhookSummary,
    session: 'required',
    errors: [400, 401, 403, 404, 415, 429],
  },
  deleteWebhook: {
    ...routes.deleteWebhook,
    summary: 'Delete a webhook and its delivery log (admins); what was still to be sent is not sent',
    params: WebhookIdParams,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 404, 429],
  },
  listWebhookDeliveries: {
    ...routes.listWebhookDeliveries,
    summary:
      'A webhook’s delivery log (admins), newest first: each event, its attempts, the last answer or error, when delivered or given up',
    params: WebhookIdParams,
    query: WebhookDeliveryQuery,
    response: WebhookDeliveryList,
    session: 'required',
    errors: [400, 401, 403, 404],
  },
  createImportSource: {
    ...routes.createImportSource,
    summary:
      'Add a scheduled import (admins): a CSV or GeoJSON list at a URL, fetched every `everyHours` and imported by `externalId` (rows without a category get `category`; `columns` renames the list’s columns), places gone from it archived (`onMissing: archive`) or kept; a trusted source’s places are published, an untrusted one’s wait for review. Addresses on private or local networks are refused (400) unless the site allows them',
    body: ImportSourceInput,
    status: 201,
    response: ImportSourceSummary,
    session: 'required',
    errors: [400, 401, 403, 415, 429],
  },
  listImportSources: {
    ...routes.listImportSources,
    summary: 'The scheduled imports (admins), newest first',
    response: ImportSourceList,
    session: 'required',
    errors: [401, 403],
  },
  deleteImportSource: {
    ...routes.deleteImportSource,
    summary: 'Delete a scheduled import and its runs (admins); the places it imported stay',
    params: ImportSourceIdParams,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 404, 429],
  },
  runImportSource: {
    ...routes.runImportSource,
    summary: 'Fetch and import a source now (admins): queued as a job, whose run is then listed in its runs',
    params: ImportSourceIdParams,
    status: 202,
    response: QueuedImportRun,
    session: 'required',
    errors: [400, 401, 403, 404, 429],
  },
  listImportSourceRuns: {
    ...routes.listImportSourceRuns,
    summary:
      'A scheduled import’s last 50 runs (admins), newest first: outcome (imported, not modified, failed), error, counts (created, updated, archived, unchanged, failed), changes held for review, the first refused rows',
    params: ImportSourceIdParams,
    response: ImportSourceRunList,
    session: 'required',
    errors: [400, 401, 403, 404],
  },
  uploadPhoto: {
    ...routes.uploadPhoto,
    summary:
      'Add a photo to a place: the image itself as the body (JPEG, PNG, WebP or AVIF, at most 15 MB, 20 000 px a side, 10:1 at most). Pending until a moderator publishes it, unless a moderator uploads it. A place takes 8, counting its published photos and the uploader’s own pending ones (`too_many_photos`); one user may have 2 pending a place (`too_many_pending_photos`) and send 2 at once (429 `too_many_uploads`). Refused before the body is read when it can be (401, 429, 413 by its length, 404, 403, the limits). `takenAt` is where its EXIF says it was taken, for the uploader only, never stored',
    params: PlaceIdParams,
    headers: IdempotencyHeaders,
    bodyTypes: PHOTO_CONTENT_TYPES,
    status: 201,
    response: UploadedPhoto,
    session: 'required',
    errors: [400, 401, 403, 404, 413, 415, 422, 429, 503],
  },
  listPlacePhotos: {
    ...routes.listPlacePhotos,
    summary:
      'The photos of a place the reader may see, in the place’s order: published ones, and the reader’s own pending or hidden ones (all of them for moderators)',
    params: PlaceIdParams,
    response: PhotoList,
    errors: [400, 404],
  },
  orderPhotos: {
    ...routes.orderPhotos,
    summary: 'Put a place’s photos in a new order: every photo id, once (whoever may edit the place)',
    params: PlaceIdParams,
    body: PhotoOrder,
    response: PhotoList,
    session: 'required',
    errors: [400, 401, 403, 404, 415, 422, 429],
  },
  listPhotos: {
    ...routes.listPhotos,
    summary:
      '`scope=review`: photos waiting for review, oldest first (moderators); `scope=mine`: the reader’s uploads, newest first',
    query: PhotoListQuery,
    response: PhotoQueue,
    session: 'required',
    errors: [400, 401, 403],
  },
  updatePhoto: {
    ...routes.updatePhoto,
    summary:
      'Set what a photo shows (alt text per language), its licence and its credit line (its uploader while pending; moderators)',
    params: PhotoIdParams,
    body: PhotoPatch,
    response: Photo,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 415, 429],
  },
  transitionPhoto: {
    ...routes.transitionPhoto,
    summary:
      'Publish a photo (it needs alt text) or hide it (moderators). Publishing is refused (422 `too_many_photos`) while the place has 8 published photos: hide or delete one first',
    params: PhotoIdParams,
    body: PhotoTransition,
    response: Photo,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 415, 422, 429],
  },
  deletePhoto: {
    ...routes.deletePhoto,
    summary: 'Delete a photo and, once no photo uses them, its files (its uploader; moderators)',
    params: PhotoIdParams,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 404, 429],
  },
  flagPhoto: {
    ...routes.flagPhoto,
    summary: 'Report a published photo (anyone, signed in or not)',
    params: PhotoIdParams,
    body: PhotoFlagInput,
    status: 201,
    response: FlagReceipt,
    errors: [400, 404, 415, 429],
  },
  photoThumb: {
    ...routes.photoThumb,
    summary:
      'A photo 320 px wide (WebP). Public and cached for a day, then revalidated by its ETag, when published on a published place; else only for who may see it, never cached; 404 for everyone else',
    params: PhotoIdParams,
    download: { type: 'image/webp', schema: PhotoFile },
    errors: [400, 404],
  },
  photoLarge: {
    ...routes.photoLarge,
    summary: 'A photo at most 1 600 px on its long side (WebP), seen and cached as its thumb is',
    params: PhotoIdParams,
    download: { type: 'image/webp', schema: PhotoFile },
    errors: [400, 404],
  },
  importPlaces: {
    ...routes.importPlaces,
    summary:
      'Import places from a GeoJSON or CSV file (moderators): a dry run by default; a real run imports every row or none (else 422 `validation_error` with the report as details)',
    query: ImportQuery,
    bodyTypes: Object.values(IMPORT_CONTENT_TYPES),
    response: ImportReport,
    session: 'required',
    errors: [400, 401, 403, 413, 415, 422, 429],
  },
  importGeocodingRun: {
    ...routes.importGeocodingRun,
    summary:
      'How far the background look-up of an import’s addresses is (moderators): a dry run of a file whose rows have addresses the geocoder has not answered starts it; once it is `done`, the import finds every address at once',
    params: ImportGeocodingRunParams,
    response: ImportGeocodingRun,
    session: 'required',
    errors: [400, 401, 403, 404],
  },
  listImports: {
    ...routes.listImports,
    summary:
      'The 20 newest finished imports, newest first, including those a restart finished after the server stopped before answering (moderators)',
    response: ImportResultList,
    session: 'required',
    errors: [401, 403],
  },
  exportGeoJson: {
    ...routes.exportGeoJson,
    summary: 'Published places as a GeoJSON download, with the filters of the place list (public positions)',
    query: ExportQuery,
    download: { type: 'application/geo+json', schema: PlaceFeatureCollection },
    errors: [400, 429],
  },
  exportCsv: {
    ...routes.exportCsv,
    summary: 'Published places as a CSV download, with the filters of the place list (public positions)',
    query: ExportQuery,
    download: { type: 'text/csv', schema: z.string().describe('CSV (RFC 4180) with a header row') },
    errors: [400, 429],
  },
  offlinePack: {
    ...routes.offlinePack,
    summary:
      'An area saved for offline use: every published place in the box (optionally of some categories) as a visitor sees it (public positions, whoever asks), in id order, every category, and the places’ opening hours as the server evaluates them for the 7 days after `savedAt` (until `horizon`), grouped by hours. At most 20 000 places (`MAX_OFFLINE_PLACES`): a box with more answers 422 `offline_area_too_large` with `details.max`. Streamed as it is read; a few are built at a time, and past that the answer is 503 `server_busy` with `Retry-After` (and `details.retryAfterSeconds`). The same area asked again while no place or category changed gets the same pack (its `savedAt` included, at most 10 minutes old), with a weak `ETag`: `If-None-Match` naming it answers 304',
    query: OfflinePackQuery,
    response: OfflinePack,
    errors: [400, 422, 429],
  },
  tilesSize: {
    ...routes.tilesSize,
    summary:
      'What saving the base map of a box for offline use costs (BASEMAP=pmtiles; 404 otherwise): how many tiles of the box the archive holds from its least zoom to its deepest, at most 15 (`SAVED_BASEMAP_MAX_ZOOM`, answered as `maxZoom`), and their bytes as `GET /tiles/{z}/{x}/{y}.mvt` sends them (gzip). A box needing more than 200 000 tiles (`MAX_BASEMAP_TILES`) answers 400 `basemap_area_too_large` with `details.max`',
    query: TilesSizeQuery,
    response: TilesSize,
    errors: [400, 404, 429],
  },
  placesFeed: {
    ...routes.placesFeed,
    summary:
      'The last 50 published changes (a place added, changed, archived or restored) of places matching the filters of the place list, newest first, as Atom 1.0 (public positions only; `ETag`, 304 Not Modified)',
    query: PlacesFeedQuery,
    download: { type: 'application/atom+xml', schema: AtomFeed },
    errors: [400, 429],
  },
  oembed: {
    ...routes.oembed,
    summary:
      'oEmbed 1.0 for a page of this site (its PUBLIC_URL origin, else the request’s): the map with its filters, or a published place’s page, as a `rich` answer whose `html` is the `<iframe>` of its embed, keeping the filters, within `maxwidth` and `maxheight`. Another site’s address, or a place that is unknown or not published, 404; `format=xml` 501',
    query: OEmbedQuery,
    response: OEmbedResponse,
    errors: [400, 404, 429, 501],
  },
  reviewFeed: {
    ...routes.reviewFeed,
    summary:
      'A moderator’s private feed: the newest pending proposals and open reports, at most 50, as Atom 1.0, by the token of `POST /api/v1/feeds/review-token` (404 for any other token, a revoked one, or one of a user who no longer moderates)',
    query: ReviewFeedQuery,
    download: { type: 'application/atom+xml', schema: AtomFeed },
    errors: [400, 404, 429],
  },
  createReviewFeedToken: {
    ...routes.createReviewFeedToken,
    summary:
      'A new URL of the signed-in moderator’s private review feed, shown once; it replaces the previous one, which stops working',
    status: 201,
    response: ReviewFeedToken,
    session: 'required',
    errors: [401, 403, 429],
  },
  revokeReviewFeedToken: {
    ...routes.revokeReviewFeedToken,
    summary: 'Stop the signed-in user’s private review feed URL from working',
    status: 204,
    session: 'required',
    errors: [401, 403, 429],
  },
  createApiToken: {
    ...routes.createApiToken,
    summary:
      'A new API token of the signed-in user, for scripts (`Authorization: Bearer karta_…`), given the account’s password (400 `wrong_password` when it is not): named, with its scopes and an optional expiry in the future. The token is in this answer only; at most 20 live tokens a user (422 `too_many_tokens`). A token cannot make tokens',
    body: ApiTokenInput,
    status: 201,
    response: CreatedApiToken,
    session: 'required',
    errors: [400, 401, 403, 415, 422, 429],
  },
  listApiTokens: {
    ...routes.listApiTokens,
    summary:
      'The signed-in user’s API tokens that are not revoked (expired ones too), newest first: names, prefixes, scopes, when made, when they expire and when last used; never the tokens themselves',
    response: ApiTokenList,
    session: 'required',
    errors: [401, 403],
  },
  revokeApiToken: {
    ...routes.revokeApiToken,
    summary:
      'Revoke one of the signed-in user’s API tokens: it stops working at once (404 for another’s, an unknown or a revoked one)',
    params: ApiTokenIdParams,
    status: 204,
    session: 'required',
    errors: [400, 401, 403, 404, 429],
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

export { ErrorBody };
