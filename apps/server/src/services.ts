import type { CountQuery, NearestQuery } from '@karta/map-core/clustering';
import type { FastifyInstance } from 'fastify';
import { type AccountService, createAccountService } from './accounts/account-service.ts';
import { createEmailVerifications, type EmailVerifications } from './accounts/email-verifications.ts';
import { createPasswordResets, type PasswordResets } from './accounts/password-resets.ts';
import { createRegistrations, type Registrations } from './accounts/registrations.ts';
import { createSingleSignOn, type SingleSignOn } from './accounts/sso-sign-in.ts';
import { createTokenRepository, type TokenRepository } from './api-tokens/token-repository.ts';
import type { BasemapArchive } from './basemap/basemap-archive.ts';
import { type CategoryRepository, createCategoryRepository } from './categories/category-repository.ts';
import type { Config } from './config/env.ts';
import type { Database } from './db/database.ts';
import type { StorageGuard } from './db/storage-guard.ts';
import { createFlagRepository, type FlagRepository } from './flags/flag-repository.ts';
import { createFollowService, type FollowService } from './follows/follow-service.ts';
import { type Confirmations, createConfirmations } from './freshness/confirmations.ts';
import { createGeocoder, type Geocoder } from './geocoding/geocoder.ts';
import type { CounterStore } from './limits/counter-store.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MapIndexService } from './map-index/map-index-service.ts';
import { createNoteRepository, type NoteRepository } from './notes/note-repository.ts';
import type { PlaceNoteFacts } from './notes/status-notes.ts';
import { createNoteDecisionNotice } from './notifications/note-decisions.ts';
import { createNotifier, type Notifier } from './notifications/notifier.ts';
import { createPhotoRepository, type PhotoRepository } from './photos/photo-repository.ts';
import { openPhotoStore, type PhotoStore } from './photos/photo-store.ts';
import { createPhotoUploads, type PhotoUploads } from './photos/photo-uploads.ts';
import { KeptByPlace } from './places/kept-by-place.ts';
import { createPlaceRepository, type PlaceRepository } from './places/place-repository.ts';
import type { KeptListItem } from './places/place-row.ts';
import type { PlaceSettings } from './places/place-settings.ts';
import { createPlaceWriteRepository, type PlaceWriteRepository } from './places/place-write-repository.ts';
import type { RankedSearch } from './places/published-search.ts';

/** What the routes use, decorated on the root instance so every route plugin sees it. */
export interface AppServices {
  appConfig: Config;
  database: Database;
  mapIndex: MapIndexService;
  storage: StorageGuard;
  placeRepository: PlaceRepository;
  categoryRepository: CategoryRepository;
  /** Proposals, edits, transitions and history of places, with the exact position. */
  placeWrites: PlaceWriteRepository;
  /** Reports on places. */
  flags: FlagRepository;
  /** "Is it still there?" answers and the "Needs checking" queue. */
  confirmations: Confirmations;
  /** Registration, sign-in and sessions. */
  accounts: AccountService;
  /** Sign-in through OpenID Connect providers and the identities of accounts. */
  sso: SingleSignOn;
  /** Password-reset links by e-mail (only while mail is on). */
  passwordResets: PasswordResets;
  registrations: Registrations;
  /** Links that prove an account's address (only while mail is on). */
  emailVerifications: EmailVerifications;
  /** Moderation events' e-mail, written in the events' transactions. */
  notifier: Notifier;
  /** Follows of areas and spots by e-mail. */
  followService: FollowService;
  /** E-mail: whether it is on, and the outbox messages are written to. */
  mailer: Mailer;
  /** Photo rows; their files are in `photoStore`. */
  photos: PhotoRepository;
  /** Where processed photo files are kept (PHOTO_STORAGE). */
  photoStore: PhotoStore;
  /** Uploads, from bytes to a stored photo, processed in turn. */
  photoUploads: PhotoUploads;
  /** Address search (GEOCODER); null when it is off. */
  geocoder: Geocoder | null;
  /** Status notes and comments on places. */
  notes: NoteRepository;
  /** The base map archive with BASEMAP=pmtiles (opened at start), else null. */
  basemap: BasemapArchive | null;
  /** Users' API tokens for scripts (`Authorization: Bearer`). */
  apiTokens: TokenRepository;
  /** Where the limits of our own count (RATE_LIMIT_STORE): read buckets, sign-in failures. */
  counters: CounterStore;
  /**
   * What lists show of published places (their rows as a visitor sees them, their note facts),
   * kept in memory until the map index reads their change from the change log.
   */
  keptPlaces: KeptPlaces;
}

export interface KeptPlaces {
  rows: KeptByPlace<KeptListItem>;
  noteFacts: KeptByPlace<PlaceNoteFacts>;
}

declare module 'fastify' {
  interface FastifyInstance extends AppServices {}
}

/** Decorates the app with its services and the repositories built on the database. */
export function decorateServices(
  app: FastifyInstance,
  services: Pick<
    AppServices,
    'appConfig' | 'database' | 'mapIndex' | 'storage' | 'mailer' | 'basemap' | 'counters'
  >,
) {
  app.decorate('appConfig', services.appConfig);
  app.decorate('basemap', services.basemap);
  app.decorate('database', services.database);
  app.decorate('mapIndex', services.mapIndex);
  app.decorate('storage', services.storage);
  app.decorate('mailer', services.mailer);
  app.decorate('counters', services.counters);
  // How this app reads places, from its own configuration: passed to each reader, held by no
  // module, so two apps in one process each answer by theirs (places/place-settings.ts).
  const placeSettings: PlaceSettings = {
    hours: services.appConfig.hours,
    staleAfterDays: services.appConfig.staleAfterDays,
  };
  // Lists of published places count, and pages within a circle and searches as written are
  // found, in the map index, which holds exactly those places and their words.
  const keptPlaces: KeptPlaces = { rows: new KeptByPlace(), noteFacts: new KeptByPlace() };
  const stopFollowing = services.mapIndex.onPlacesChanged((ids) => {
    keptPlaces.rows.forget(ids);
    keptPlaces.noteFacts.forget(ids);
  });
  app.addHook('onClose', async () => stopFollowing());
  app.decorate('keptPlaces', keptPlaces);
  const fromMemory = {
    count: (query: CountQuery) => services.mapIndex.count(query),
    near: (query: NearestQuery) => services.mapIndex.nearest(query),
    search: (query: RankedSearch) => services.mapIndex.search(query),
    rows: keptPlaces.rows,
  };
  app.decorate('placeRepository', createPlaceRepository(services.database, placeSettings, fromMemory));
  app.decorate(
    'categoryRepository',
    createCategoryRepository(services.database, { languages: services.appConfig.languages }),
  );
  const notifier = createNotifier(services.mailer, services.appConfig.defaultLanguage);
  app.decorate('notifier', notifier);
  app.decorate(
    'followService',
    createFollowService(services.database, services.mailer, services.appConfig.defaultLanguage),
  );
  const placeWrites = createPlaceWriteRepository(services.database, {
    languages: services.appConfig.languages,
    settings: placeSettings,
    events: { proposed: notifier.proposalWaiting, moved: notifier.proposalDecided },
  });
  app.decorate('placeWrites', placeWrites);
  app.decorate('flags', createFlagRepository(services.database, notifier.flagRaised));
  app.decorate(
    'emailVerifications',
    createEmailVerifications(
      services.database,
      services.mailer,
      notifier.authorVerified,
      placeWrites,
      services.appConfig.defaultLanguage,
    ),
  );
  app.decorate('confirmations', createConfirmations(services.database, placeSettings));
  app.decorate(
    'notes',
    createNoteRepository(services.database, {
      timeZone: services.appConfig.hours.timeZone,
      mailer: services.mailer,
      siteLanguage: services.appConfig.defaultLanguage,
      decided: createNoteDecisionNotice(services.mailer, services.appConfig.defaultLanguage),
      waiting: notifier.noteWaiting,
    }),
  );
  app.decorate(
    'geocoder',
    createGeocoder(services.appConfig.geocoder, services.database, services.appConfig.defaultLanguage),
  );
  const siteLanguage = services.appConfig.defaultLanguage;
  const accounts = createAccountService(services.database, {
    mailer: services.mailer,
    siteLanguage,
    counters: services.counters,
  });
  app.decorate('accounts', accounts);
  app.decorate(
    'sso',
    createSingleSignOn(services.database, { providers: services.appConfig.oidcProviders, accounts }),
  );
  app.decorate('apiTokens', createTokenRepository(services.database));
  app.decorate('passwordResets', createPasswordResets(services.database, services.mailer, siteLanguage));
  app.decorate('registrations', createRegistrations(services.database, services.mailer, siteLanguage));
  const photos = createPhotoRepository(services.database);
  const photoStore = openPhotoStore(services.appConfig.photoStorage);
  app.decorate('photos', photos);
  app.decorate('photoStore', photoStore);
  app.decorate('photoUploads', createPhotoUploads(photoStore, photos));
}
