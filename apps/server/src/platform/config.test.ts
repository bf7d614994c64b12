import { describe, expect, test } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.ts';

describe('TRUST_PROXY', () => {
  test('off unless set; named addresses, CIDR ranges and the proxy-addr keywords are kept', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1,fd00::/8, Loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });
  test('trusting every sender, or junk, stops the start with the reason', () => {
    for (const v of ['true', '*', '1', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com'])
      expect(() => parseTrustProxy(v), v).toThrow(/TRUST_PROXY/);
  });
});
