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

/**
 * What AWS's S3 client is made with for a bucket's settings (plain options: the client itself is
 * made where it is used, by the photo store and the base map's archive).
 */
export function s3ClientConfig(settings: S3Settings) {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  };
}
