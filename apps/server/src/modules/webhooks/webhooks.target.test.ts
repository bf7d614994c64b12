import { expect, test } from 'vitest';
import { checkTarget, isPrivateAddress, lookupWithTimeout } from './webhooks.target.ts';

const config = { webhookAllowedHosts: [] as string[] };

test('a name server that never answers makes the target unresolved, not a stuck delivery', async () => {
  const never = lookupWithTimeout(() => new Promise<string[]>(() => undefined), 20);
  expect(await checkTarget(config, 'https://hooks.example.com/x', never)).toEqual({ ok: false, rule: 'unresolved' });
  const quick = lookupWithTimeout(async () => ['93.184.216.34'], 1_000);
  expect(await checkTarget(config, 'https://hooks.example.com/x', quick)).toMatchObject({
    ok: true,
    address: '93.184.216.34',
  });
});

test('addresses embedding a private IPv4 one are private: mapped, compatible, 6to4, Teredo, NAT64', () => {
  for (const a of [
    '::ffff:127.0.0.1',
    '::7f00:1',
    '2002:7f00:1::1',
    '2001:0:7f00:1::1',
    '64:ff9b::a00:1',
    '64:ff9b:1::a00:1',
    '::1',
    '10.1.2.3',
    '169.254.169.254',
  ]) {
    expect(isPrivateAddress(a), a).toBe(true);
  }
  for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(isPrivateAddress(a), a).toBe(false);
});
