import { join } from 'node:path';
import { z } from 'zod';
import { missingS3Variables, S3Fields, s3Settings } from './s3.ts';
import { type Env, type EnvIssue, optionalText } from './values.ts';

/** Where processed photos are kept: files under DATA_DIR/photos, or an S3-compatible bucket. */
export const photosEnv = (dataDir: string) =>
  S3Fields.extend({
    PHOTO_STORAGE: optionalText.pipe(z.enum(['fs', 's3']).optional()).transform((value) => value ?? 'fs'),
  }).transform((e) => ({
    /** PHOTO_STORAGE and S3_*: where processed photos are kept (decision 021). */
    photoStorage:
      e.PHOTO_STORAGE === 's3'
        ? { kind: 's3' as const, s3: s3Settings(e) }
        : { kind: 'fs' as const, root: join(dataDir, 'photos') },
  }));

export type PhotosConfig = z.output<ReturnType<typeof photosEnv>>;
export type PhotoStorageConfig = PhotosConfig['photoStorage'];

/** With PHOTO_STORAGE=s3, the bucket and both keys must be set; checked apart so all are named. */
export function photoStorageIssues(env: Env): EnvIssue[] {
  if (env.PHOTO_STORAGE?.trim() !== 's3') return [];
  return missingS3Variables(env, 'PHOTO_STORAGE=s3');
}
