import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * What the address-based rate limits count a client address as: an IPv4 address as it is, an
 * IPv6 address by its /64 network. One subscriber usually gets a whole /64 (2⁶⁴ addresses), so
 * counting single IPv6 addresses would let anyone step past every limit by changing the last
 * bits. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) counts as its IPv4 address. Parsed with
 * ipaddr.js, the parser Fastify's own proxy handling uses.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((group) => group.toString(16));
  return `${network.join(':')}::/64`;
}

/** The request's client address as the rate limits count it (see `clientAddressKey`). */
export function clientKey(request: Pick<FastifyRequest, 'ip'>): string {
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
