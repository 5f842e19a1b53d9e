import { join } from 'node:path';
import { z } from 'zod';
import { booleanFlag, type Env, type EnvIssue, exactText, httpUrl, optionalText } from './values.ts';

/**
 * The S3_* variables: an S3-compatible bucket and how to reach it. Photos use them with
 * PHOTO_STORAGE=s3, and the base map with BASEMAP_PMTILES=s3:<key>.
 */
export const S3Fields = z.object({
  S3_ENDPOINT: httpUrl('Expected an http(s) URL such as https://s3.eu-central-1.amazonaws.com'),
  S3_REGION: optionalText.transform((value) => value ?? 'us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  // A secret is used exactly as given: not trimmed.
  S3_SECRET_ACCESS_KEY: exactText,
  S3_FORCE_PATH_STYLE: booleanFlag(false),
});

export const s3Settings = (e: z.output<typeof S3Fields>) => ({
  endpoint: e.S3_ENDPOINT,
  region: e.S3_REGION,
  bucket: e.S3_BUCKET ?? '',
  accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
  secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
  forcePathStyle: e.S3_FORCE_PATH_STYLE,
});

export const S3Env = S3Fields.transform(s3Settings);

/** An S3-compatible bucket and how to reach it (PHOTO_STORAGE=s3, BASEMAP_PMTILES=s3:<key>). */
export type S3Settings = z.output<typeof S3Env>;

/** The S3_* variables a bucket needs, named when missing so that all are named at once. */
export function missingS3Variables(env: Env, why: string): EnvIssue[] {
  return (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    .filter((variable) => !env[variable]?.trim())
    .map((variable) => ({ variable, message: `Required with ${why}` }));
}

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
