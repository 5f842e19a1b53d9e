import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig: photo storage (PHOTO_STORAGE, S3_*)', () => {
  it('keeps photos under DATA_DIR/photos unless PHOTO_STORAGE=s3 names a bucket and its keys', () => {
    expect(loadConfig({ DATA_DIR: '/srv/karta' }).photoStorage).toEqual({
      kind: 'fs',
      root: '/srv/karta/photos',
    });
    const s3 = {
      PHOTO_STORAGE: 's3',
      S3_ENDPOINT: 'https://objects.example.org',
      S3_BUCKET: 'karta-photos',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: ' secret with spaces ',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(s3).photoStorage).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://objects.example.org',
        region: 'us-east-1',
        bucket: 'karta-photos',
        accessKeyId: 'key-id',
        secretAccessKey: ' secret with spaces ',
        forcePathStyle: true,
      },
    });
    let error: unknown;
    try {
      loadConfig({ PHOTO_STORAGE: 's3', S3_ENDPOINT: 'objects', S3_BUCKET: 'b' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((issue) => issue.variable).sort()).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(() => loadConfig({ PHOTO_STORAGE: 'ftp' })).toThrow(/PHOTO_STORAGE: Expected one of fs, s3/);
  });
});
