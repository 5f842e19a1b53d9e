import { join } from 'node:path';
import { z } from 'zod';
import { booleanFlag, type Env, type EnvIssue, exactText, httpUrl, optionalText } from './values.ts';

/** Where processed photos are kept: files under DATA_DIR/photos, or an S3-compatible bucket. */
export const photosEnv = (dataDir: string) =>
  z
    .object({
      PHOTO_STORAGE: optionalText.pipe(z.enum(['fs', 's3']).optional()).transform((value) => value ?? 'fs'),
      S3_ENDPOINT: httpUrl('Expected an http(s) URL such as https://s3.eu-central-1.amazonaws.com'),
      S3_REGION: optionalText.transform((value) => value ?? 'us-east-1'),
      S3_BUCKET: optionalText,
      S3_ACCESS_KEY_ID: optionalText,
      // A secret is used exactly as given: not trimmed.
      S3_SECRET_ACCESS_KEY: exactText,
      S3_FORCE_PATH_STYLE: booleanFlag(false),
    })
    .transform((e) => {
      const s3 = {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET ?? '',
        accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      };
      return {
        /** PHOTO_STORAGE and S3_*: where processed photos are kept (decision 021). */
        photoStorage:
          e.PHOTO_STORAGE === 's3'
            ? { kind: 's3' as const, s3 }
            : { kind: 'fs' as const, root: join(dataDir, 'photos') },
      };
    });

export type PhotosConfig = z.output<ReturnType<typeof photosEnv>>;
export type PhotoStorageConfig = PhotosConfig['photoStorage'];
/** An S3-compatible bucket and how to reach it (PHOTO_STORAGE=s3). */
export type S3Settings = Extract<PhotoStorageConfig, { kind: 's3' }>['s3'];

/** With PHOTO_STORAGE=s3, the bucket and both keys must be set; checked apart so all are named. */
export function photoStorageIssues(env: Env): EnvIssue[] {
  if (env.PHOTO_STORAGE?.trim() !== 's3') return [];
  return (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    .filter((variable) => !env[variable]?.trim())
    .map((variable) => ({ variable, message: 'Required with PHOTO_STORAGE=s3' }));
}
