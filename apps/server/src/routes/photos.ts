import type { Readable } from 'node:stream';
import { PHOTO_CONTENT_TYPES, PHOTO_LIMIT_BYTES, unsupportedLanguageIssues } from '@karta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { refusesForStorage } from '../db/storage-guard.ts';
import { defineRoute } from '../http/contract-route.ts';
import { STORAGE_LOW_MESSAGE } from '../http/database-errors.ts';
import { AppError, validationError } from '../http/errors.ts';
import { type KeyClaim, keyedWrite, once } from '../http/idempotency.ts';
import { perUserRouteLimit, RATE_LIMITS } from '../http/rate-limit.ts';
import type { WriteRouteConfig } from '../http/write-guard.ts';
import { toPhoto } from '../photos/photo-repository.ts';
import {
  canSeePhoto,
  checkPhotoDelete,
  checkPhotoEdit,
  checkPhotoOrder,
  checkPhotoTransition,
  checkPhotoUpload,
  hasAlt,
  uploadStatus,
} from '../photos/photo-rules.ts';
import { removeUnusedFiles } from '../photos/photo-sweep.ts';
import { TooManyUploadsError } from '../photos/photo-uploads.ts';
import { PhotoRefusedError } from '../photos/process-photo.ts';
import { noPhotoFile, servePhotoFile } from '../photos/serve-photo.ts';
import { readUploadBody } from '../photos/upload-body.ts';
import { canSee, refuse } from '../places/place-rules.ts';
import { auditActorOf } from './audit-actor.ts';

/** The review queue and "my submissions" list this many photos at most. */
const PHOTO_LIST_LIMIT = 200;

/** A place or photo the reader may not see answers as if it did not exist. */
const noPlace = (id: number) => new AppError('not_found', `There is no place ${id}`);
const noPhoto = (id: number) => new AppError('not_found', `There is no photo ${id}`);

/**
 * Photos of places (decision 021): uploads, their alt text and licence, moderation, order, reports,
 * and their files, served by Karta so each request is checked against who may see the photo.
 */
export async function photoRoutes(app: FastifyInstance) {
  const { photos, photoStore: store, photoUploads: uploads, placeWrites: places } = app;
  const { languages } = app.appConfig;

  // An upload's body reaches the handler unread, as the request's stream (this plugin's routes
  // only): the handler reads it only after every check that needs no body, so an upload that is
  // refused (not signed in, over a limit, no such place) costs no memory for its up to 15 MB.
  app.addContentTypeParser([...PHOTO_CONTENT_TYPES], (_request, payload, done) => done(null, payload));

  const uploadConfig: WriteRouteConfig & { rateLimit: object } = {
    bodyTypes: PHOTO_CONTENT_TYPES,
    // Counted before the handler, so before the body is read too.
    rateLimit: perUserRouteLimit(RATE_LIMITS.photosPerUser),
  };

  defineRoute(
    app,
    'uploadPhoto',
    async (request) => {
      // Nothing of the body has been read yet: each refusal that does not need it comes first.
      const actor = requireUser(request);
      const { id } = request.params;
      const length = request.headers['content-length'];
      const declared = length === undefined ? undefined : Number(length);
      if (declared !== undefined && declared > PHOTO_LIMIT_BYTES) {
        throw new PhotoRefusedError('too_large', `${declared} bytes declared`);
      }
      // With PostgreSQL the disk is only the photos': the one write it refuses when it is full.
      if (refusesForStorage(app.storage, true)) {
        throw new AppError('insufficient_storage', STORAGE_LOW_MESSAGE);
      }
      const giveBack = uploads.takeSlot(actor.id);
      if (!giveBack) throw new TooManyUploadsError();
      // Checked before the body is read, and again with the place locked before the row.
      const check = (place: Parameters<typeof checkPhotoUpload>[1]) => {
        if (!canSee(actor, place)) throw noPlace(id);
        refuse(checkPhotoUpload(actor, place));
      };
      const status = uploadStatus(actor);
      const upload = async (claim: KeyClaim | undefined) => {
        const place = await places.find(id);
        if (!place) throw noPlace(id);
        check(place);
        await photos.checkRoom(id, actor.id, status);
        // Only now is the body read (a request without one has none to read).
        const body = request.body as Readable | undefined;
        const bytes = body ? await readUploadBody(body, PHOTO_LIMIT_BYTES, declared) : Buffer.alloc(0);
        const uploaded = await uploads.upload(
          bytes,
          { placeId: id, status, uploaderId: actor.id },
          check,
          claim,
        );
        if (!uploaded) throw noPlace(id);
        return { ...toPhoto(uploaded.photo, actor), takenAt: uploaded.takenAt };
      };
      // An upload sent again with its Idempotency-Key answers the first photo before any check or
      // processing, and its bytes are never read. The request is the place alone, not the bytes: a
      // browser may re-encode a draft's photo when it sends it again.
      const replay = async (photoId: number) => {
        const stored = await photos.find(photoId);
        // Where it was taken is read from the first upload's EXIF and never stored.
        return stored && canSeePhoto(actor, stored)
          ? { ...toPhoto(stored, actor), takenAt: null }
          : undefined;
      };
      const keyed = keyedWrite(actor.id, 'uploadPhoto', request.headers['Idempotency-Key'], { placeId: id });
      try {
        return await once(app.database, keyed, upload, replay);
      } finally {
        giveBack();
      }
    },
    { options: { config: uploadConfig } },
  );

  defineRoute(app, 'listPlacePhotos', async (request) => {
    const viewer = request.user;
    const { id } = request.params;
    const place = await places.find(id);
    if (!place || !canSee(viewer, place)) throw noPlace(id);
    return { items: await photos.listForPlace(id, viewer) };
  });

  defineRoute(app, 'orderPhotos', async (request) => {
    const actor = requireUser(request);
    const { id } = request.params;
    const ordered = await photos.order(id, request.body.ids, (place) => {
      if (!canSee(actor, place)) throw noPlace(id);
      refuse(checkPhotoOrder(actor, place));
    });
    if (!ordered) throw noPlace(id);
    return { items: await photos.listForPlace(id, actor) };
  });

  defineRoute(app, 'listPhotos', async (request) => {
    const { scope } = request.query;
    if (scope === 'review') {
      const moderator = requireUser(request, MODERATOR_ROLES);
      return { items: await photos.pending(moderator, PHOTO_LIST_LIMIT) };
    }
    return { items: await photos.uploadedBy(requireUser(request), PHOTO_LIST_LIMIT) };
  });

  defineRoute(app, 'updatePhoto', async (request) => {
    const actor = requireUser(request);
    const { id } = request.params;
    const patch = request.body;
    const issues = unsupportedLanguageIssues(patch.alt, languages, 'alt');
    if (issues.length > 0) throw validationError(issues);
    const photo = await photos.update(id, patch, (current) => {
      if (!canSeePhoto(actor, current)) throw noPhoto(id);
      refuse(checkPhotoEdit(actor, current));
    });
    if (!photo) throw noPhoto(id);
    return toPhoto(photo, actor);
  });

  defineRoute(app, 'transitionPhoto', async (request) => {
    const actor = auditActorOf(request);
    const { id } = request.params;
    const { to, version } = request.body;
    const photo = await photos.transition(id, to, version, actor, (current) => {
      if (!canSeePhoto(actor, current)) throw noPhoto(id);
      refuse(checkPhotoTransition(actor, current, to));
      if (to === 'published' && !hasAlt(current.alt)) {
        throw validationError(
          [{ path: 'alt', message: 'Describe the photo before publishing it', code: 'required' }],
          'A photo needs alt text before it is published',
        );
      }
    });
    if (!photo) throw noPhoto(id);
    return toPhoto(photo, actor);
  });

  defineRoute(app, 'deletePhoto', async (request, reply) => {
    const actor = requireUser(request);
    const { id } = request.params;
    const removed = await photos.remove(id, (current) => {
      if (!canSeePhoto(actor, current)) throw noPhoto(id);
      refuse(checkPhotoDelete(actor, current));
    });
    if (!removed) throw noPhoto(id);
    // Files written within the sweep's grace period stay until a later sweep (photo-sweep.ts).
    await removeUnusedFiles(store, photos, [removed.thumbKey, removed.largeKey]).catch((error: unknown) =>
      request.log.warn({ err: error }, 'files of a deleted photo were left for the sweep'),
    );
    return reply.send();
  });

  defineRoute(
    app,
    'flagPhoto',
    async (request) => {
      const { id } = request.params;
      const { reason, comment } = request.body;
      const flag = await app.flags.createForPhoto(
        id,
        { reason, comment: comment ?? null },
        request.user?.id ?? null,
      );
      if (!flag) throw noPhoto(id);
      return flag;
    },
    { options: { config: { rateLimit: RATE_LIMITS.flagsPerAddress } } },
  );

  // Who may see the photo is checked here; its file is answered with its caching (serve-photo.ts).
  const sendFile = async (
    request: FastifyRequest & { params: { id: number } },
    reply: FastifyReply,
    size: 'thumb' | 'large',
  ) => {
    const { id } = request.params;
    const photo = await photos.find(id);
    if (!photo || !canSeePhoto(request.user, photo)) throw noPhotoFile(id);
    return servePhotoFile(reply, store, photo, size, request.headers['if-none-match']);
  };
  defineRoute(app, 'photoThumb', (request, reply) => sendFile(request, reply, 'thumb'));
  defineRoute(app, 'photoLarge', (request, reply) => sendFile(request, reply, 'large'));
}
