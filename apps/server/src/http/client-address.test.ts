import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 network, however they are written', () => {
    const key = clientAddressKey('2001:db8:aaaa:1::1');
    expect(key).toBe('2001:db8:aaaa:1::/64');
    expect(clientAddressKey('2001:0db8:AAAA:0001:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientAddressKey('2001:db8:aaaa:1:1234:5678:9abc:def0%eth0')).toBe(key);
    expect(clientAddressKey('2001:db8:aaaa:2::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('leaves anything else alone', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
