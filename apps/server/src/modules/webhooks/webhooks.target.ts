import dns from 'node:dns/promises';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { allowListOf, allowedAddress, type Lookup } from '../../platform/host-allow-list.ts';

/** What the SSRF rules need from the configuration. */
export type TargetConfig = { webhookAllowedHosts: readonly string[]; webhookCaFile?: string | undefined };

/**
 * Addresses a webhook may not reach unless allow-listed (WEBHOOK_ALLOWED_HOSTS): this host, private networks,
 * link-local (cloud metadata 169.254.169.254), carrier-grade NAT, multicast, reserved, IPv4-mapped and NAT64 forms.
 */
const PRIVATE = (() => {
  const b = new net.BlockList();
  for (const [a, p] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 3],
  ] as const) {
    b.addSubnet(a, p, 'ipv4');
  }
  // ::/96 (IPv4-compatible, [::127.0.0.1]), 6to4, Teredo and NAT64 embed an IPv4 address: refused like it.
  for (const [a, p] of [
    ['::', 96],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['2002::', 16],
    ['2001::', 32],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const) {
    b.addSubnet(a, p, 'ipv6');
  }
  return b;
})();

/** IPv4-mapped IPv6 (::ffff:a.b.c.d, ::ffff:7f00:1): refused unless allow-listed (never needed to reach a public host). */
const MAPPED = /^::ffff:/i;
export const isPrivateAddress = (address: string): boolean => {
  const family = net.isIP(address);
  if (family === 6 && MAPPED.test(address)) return true;
  return family === 0 || PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

export type TargetAnswer =
  | { ok: true; url: URL; /** The checked address the connection goes to (never resolved again). */ address: string }
  | { ok: false; rule: 'invalid' | 'https' | 'private_address' | 'unresolved' };

/** A tenant's slow name server must not hold a delivery (and its lease) for long: no answer in time is "unresolved". */
export function lookupWithTimeout(lookup: Lookup, ms: number): Lookup {
  return async (host) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_r, reject) => {
      timer = setTimeout(() => reject(new Error('DNS lookup timed out')), ms);
    });
    try {
      return await Promise.race([lookup(host), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
const systemLookup: Lookup = lookupWithTimeout(
  async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address),
  5_000,
);

/**
 * Where a webhook for `raw` may connect, or why not: https only (http for allow-listed hosts), no credentials in the
 * URL, and every address the host resolves to must be public unless the host or address is allow-listed. The answer
 * names the address checked, and the request goes to it (a DNS answer changing in between cannot redirect it).
 */
export async function checkTarget(
  config: TargetConfig,
  raw: string,
  lookup: Lookup = systemLookup,
): Promise<TargetAnswer> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, rule: 'invalid' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname)
    return { ok: false, rule: 'invalid' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const list = allowListOf(config.webhookAllowedHosts);
  const allowed = await allowedAddress(list, host, lookup);
  if (allowed.allowed) {
    if (net.isIP(allowed.address)) return { ok: true, url, address: allowed.address };
    // Trusted by name: any address it resolves to.
    try {
      const addresses = await lookup(allowed.address);
      return addresses[0] ? { ok: true, url, address: addresses[0] } : { ok: false, rule: 'unresolved' };
    } catch {
      return { ok: false, rule: 'unresolved' };
    }
  }
  if (url.protocol !== 'https:') return { ok: false, rule: 'https' };
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      return { ok: false, rule: 'unresolved' };
    }
  }
  if (addresses.length === 0) return { ok: false, rule: 'unresolved' };
  if (addresses.some(isPrivateAddress)) return { ok: false, rule: 'private_address' };
  return { ok: true, url, address: addresses[0]! };
}

export type PostAnswer = { statusCode: number | null; error: string | null; durationMs: number };

const caCache = new Map<string, string[]>();
function caOf(file: string | undefined): string[] | undefined {
  if (!file) return undefined;
  let ca = caCache.get(file);
  if (!ca) caCache.set(file, (ca = [...tls.rootCertificates, fs.readFileSync(file, 'utf8')]));
  return ca;
}

/**
 * POSTs `body` to a checked target: connects to `address` (the Host header and TLS server name stay the URL's host),
 * gives up after `timeoutMs` for the whole exchange, never follows redirects. Any answer is returned (2xx = delivered).
 */
export function postTo(
  config: TargetConfig,
  target: { url: URL; address: string },
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostAnswer> {
  const started = performance.now();
  const { url, address } = target;
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise<PostAnswer>((resolve) => {
    let done = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ statusCode, error, durationMs: Math.round(performance.now() - started) });
    };
    const options: https.RequestOptions = {
      host: address,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: {
        ...headers,
        host: url.host,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'CareWatch-Webhooks/1',
      },
      agent: false,
      ...(secure ? { servername: net.isIP(hostname) ? undefined : hostname, ca: caOf(config.webhookCaFile) } : {}),
    };
    const req = (secure ? https : http).request(options, (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode ?? null, null));
      res.on('error', (e) => finish(res.statusCode ?? null, e.message));
    });
    const timer = setTimeout(() => {
      finish(null, `timeout after ${timeoutMs} ms`);
      req.destroy();
    }, timeoutMs);
    req.on('error', (e) => finish(null, (e as NodeJS.ErrnoException).code ?? e.message));
    req.end(body);
  });
}
