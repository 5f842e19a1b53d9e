import type { Readable } from 'node:stream';
import { AppError } from '../http/errors.ts';
import { PhotoRefusedError } from './process-photo.ts';

/**
 * The upload's body ended before all of it arrived (the client went away, or sent less than it
 * said): 400 `validation_error`, to send it again.
 */
export class UploadCutShortError extends AppError {
  constructor(
    /** What arrived, for the log (never sent). */
    readonly detail: string,
  ) {
    super('validation_error', 'The photo did not arrive whole. Send it again.');
    this.name = 'UploadCutShortError';
  }
}

/**
 * Reads an upload's body into memory, at most `limit` bytes. The upload route calls it only once
 * every check that needs no body has passed, so a refused upload is never read (its bytes are
 * left to Node, which discards them). Past `limit` it keeps nothing more and throws
 * PhotoRefusedError `too_large` at once; the rest of the body is discarded as it arrives, as
 * Fastify does with a body over its limit. A body that ends short of its Content-Length, or whose
 * connection breaks, is UploadCutShortError.
 */
export function readUploadBody(body: Readable, limit: number, declaredLength?: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (body.destroyed || body.readableEnded) {
      reject(new UploadCutShortError('the body was gone before it was read'));
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) {
        // Still flowing with no listener: what follows is dropped as it comes.
        stop();
        reject(new PhotoRefusedError('too_large', `more than ${limit} bytes`));
        return;
      }
      chunks.push(bytes);
    }
    function onEnd() {
      stop();
      if (declaredLength !== undefined && received !== declaredLength) {
        reject(new UploadCutShortError(`${received} of ${declaredLength} bytes`));
        return;
      }
      resolve(Buffer.concat(chunks, received));
    }
    function onError(error: Error) {
      stop();
      reject(new UploadCutShortError(error.message));
    }
    function onClose() {
      stop();
      reject(new UploadCutShortError('the connection closed'));
    }
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
    body.on('close', onClose);
    body.resume();
  });
}
