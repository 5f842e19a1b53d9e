import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver ships no types; what is used here is typed in s3rver.d.ts beside this file.
import S3rver from 's3rver';
import type { S3Settings } from '../../src/config/s3.ts';

export interface S3StandIn {
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * A real S3-speaking server (s3rver) on a free loopback port, its objects in a temp folder, with
 * one bucket; AWS's SDK talks to it as to S3, signatures checked with s3rver's own credentials.
 */
export async function startS3StandIn(bucket = 'karta-photos'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'karta-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
