import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { validationError } from './errors.ts';

/**
 * Requests Karta sends to addresses people give it (webhook URLs, import sources). By default
 * only public addresses are reached: a URL naming, or resolving to, a private, loopback,
 * link-local or otherwise special address is refused, so an admin's form cannot be turned against
 * the site's own network. The check is made on the addresses actually connected to (in the
 * socket's DNS lookup), so a name that resolves to a public address when registered and a private
 * one later is refused too. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) lifts it.
 */
export class OutboundAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundAddressError';
  }
}

/** Whether an IP address is one on the public internet (IPv4-mapped IPv6 read as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** A URL Karta may send to: http or https, no credentials in it. Throws what is wrong, in words. */
export function outboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundAddressError('Enter a full web address starting with https://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundAddressError('Enter a web address starting with https:// or http://');
  }
  if (url.username || url.password) {
    throw new OutboundAddressError('Leave the user name and password out of the address');
  }
  return url;
}

const PRIVATE_REFUSED = 'This address is on a private or local network, which Karta does not send to';

/** A DNS lookup that answers only public addresses (all of them, when `allowPrivate`). */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
      if (usable.length === 0) return callback(new OutboundAddressError(PRIVATE_REFUSED), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const [first] = usable;
      callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

/** A URL's host without the brackets of an IPv6 address. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Throws when `url`'s host is an IP address Karta may not reach (names are checked at connection). */
function checkLiteralHost(url: URL, allowPrivate: boolean): void {
  const host = hostOf(url);
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
    throw new OutboundAddressError(PRIVATE_REFUSED);
  }
}

/**
 * Checks now that `url` may be reached: its host an allowed IP, or a name that resolves to an
 * allowed address. For forms: what is refused is said in words (OutboundAddressError).
 */
export async function checkOutboundUrl(text: string, allowPrivate: boolean): Promise<URL> {
  const url = outboundUrl(text);
  checkLiteralHost(url, allowPrivate);
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return url;
  await new Promise<void>((resolve, reject) => {
    guardedLookup(allowPrivate)(host, { all: true }, (error) => {
      if (!error) return resolve();
      reject(
        error instanceof OutboundAddressError
          ? error
          : new OutboundAddressError(`No server answers to ${host}`),
      );
    });
  });
  return url;
}

/**
 * `checkOutboundUrl` for a form's field: what is refused is a validation error (400) naming
 * `field`, in the words of the refusal.
 */
export async function checkOutboundUrlField(
  text: string,
  allowPrivate: boolean,
  field = 'url',
): Promise<URL> {
  try {
    return await checkOutboundUrl(text, allowPrivate);
  } catch (error) {
    if (!(error instanceof OutboundAddressError)) throw error;
    throw validationError([{ path: field, code: 'invalid', message: error.message }]);
  }
}

export interface OutboundResponse {
  status: number;
  headers: IncomingMessage['headers'];
  /** The start of the body, at most `maxBodyBytes`. */
  body: Buffer;
}

export interface OutboundOptions {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Bytes of the answer kept; past them the answer is cut (a webhook's) or refused (`tooLarge`). */
  maxBodyBytes: number;
  /** Throw when the body is longer than `maxBodyBytes` instead of keeping its start. */
  refuseLonger?: boolean;
  signal?: AbortSignal;
}

/** Too much to read (an import source past its size cap). */
export class OutboundTooLargeError extends Error {}

/**
 * Sends one request to `url` through the address guard, following no redirect (a 3xx is an
 * answer like any other), within `timeoutMs` for the whole exchange.
 */
export async function outboundRequest(text: string, options: OutboundOptions): Promise<OutboundResponse> {
  const url = outboundUrl(text);
  checkLiteralHost(url, options.allowPrivate);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: options.method,
        headers: { 'user-agent': 'Karta', ...options.headers },
        lookup: guardedLookup(options.allowPrivate),
        signal: options.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = () => ({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        });
        response.on('data', (chunk: Buffer) => {
          if (size > options.maxBodyBytes) return;
          size += chunk.length;
          if (size <= options.maxBodyBytes) {
            chunks.push(chunk);
            return;
          }
          // Past the cap: settled now, the rest not read.
          if (options.refuseLonger) {
            reject(new OutboundTooLargeError(`The answer is larger than ${options.maxBodyBytes} bytes`));
          } else {
            chunks.push(chunk.subarray(0, options.maxBodyBytes - (size - chunk.length)));
            resolve(answer());
          }
          response.destroy();
        });
        response.on('end', () => resolve(answer()));
        response.on('error', reject);
      },
    );
    request.setTimeout(options.timeoutMs, () =>
      request.destroy(new Error(`No answer within ${Math.round(options.timeoutMs / 1000)} s`)),
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
