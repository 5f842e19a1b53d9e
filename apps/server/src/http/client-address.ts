import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The eight 16-bit groups of an IPv6 address, as numbers (null when it is not one). */
function ipv6Groups(address: string): number[] | null {
  const plain = address.split('%')[0] ?? '';
  if (!isIPv6(plain)) return null;
  // A trailing dotted IPv4 part (`::ffff:1.2.3.4`) is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  let text = plain;
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${plain.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * What the address-based rate limits count a client address as: an IPv4 address as it is, an
 * IPv6 address by its /64 network. One subscriber usually gets a whole /64 (2⁶⁴ addresses), so
 * counting single IPv6 addresses would let anyone step past every limit by changing the last
 * bits. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) counts as its IPv4 address.
 */
export function clientAddressKey(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [a, b, c, d, e, f, g, h] = groups;
  if (
    a === 0 &&
    b === 0 &&
    c === 0 &&
    d === 0 &&
    e === 0 &&
    f === 0xffff &&
    g !== undefined &&
    h !== undefined
  ) {
    return [g >> 8, g & 0xff, h >> 8, h & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The request's client address as the rate limits count it (see `clientAddressKey`). */
export function clientKey(request: FastifyRequest): string {
  return clientAddressKey(request.ip);
}

/**
 * Warns once (per process) when a request carries `X-Forwarded-For` while TRUST_PROXY is off: the
 * server is then most likely behind a proxy it does not believe, so every visitor shares the
 * proxy's address and its rate limits. The header is not believed either way (a client can set it).
 */
export function registerForwardedForWarning(app: FastifyInstance, trustProxy: unknown) {
  if (trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      'A request came with X-Forwarded-For but TRUST_PROXY is false: if Karta is behind a reverse ' +
        'proxy, set TRUST_PROXY so each visitor has their own rate limits (see README, Configuration).',
    );
  });
}
