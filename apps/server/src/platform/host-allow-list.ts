import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Outbound-connection allow-list (TENANT_DB_ALLOWED_HOSTS): host names (`db.example.com`, `*.db.example.com`) and
 * IPv4/IPv6 addresses or CIDRs (`10.20.0.0/16`, `fd00::/8`, `192.0.2.7`). Empty = nothing allowed.
 */
export type HostAllowList = {
  readonly entries: readonly string[];
  names: Set<string>;
  suffixes: string[];
  blocks: net.BlockList;
};

const NAME_RE = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** Parses the comma-separated list; throws naming the first entry that is neither a host name nor an address/CIDR. */
export function parseHostAllowList(value: string | readonly string[]): HostAllowList {
  const entries = (typeof value === 'string' ? value.split(',') : [...value])
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const list: HostAllowList = { entries, names: new Set(), suffixes: [], blocks: new net.BlockList() };
  for (const e of entries) {
    const [addr, bits, extra] = e.replace(/^\[|\](?=\/|$)/g, '').split('/');
    const family = net.isIP(addr ?? '');
    if (family && extra === undefined) {
      const max = family === 4 ? 32 : 128;
      const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
      if (!(prefix >= 0 && prefix <= max)) throw new Error(`TENANT_DB_ALLOWED_HOSTS: "${e}" is not a valid CIDR`);
      list.blocks.addSubnet(addr!, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (e.startsWith('*.') && NAME_RE.test(e.slice(2))) {
      list.suffixes.push(e.slice(1));
    } else if (NAME_RE.test(e) && !e.includes('/')) {
      list.names.add(e);
    } else {
      throw new Error(`TENANT_DB_ALLOWED_HOSTS: "${e}" is not a host name, address or CIDR`);
    }
  }
  return list;
}

const parsed = new WeakMap<readonly string[], HostAllowList>();
/** The parsed form of a configured list (parsed once per list). */
export function allowListOf(entries: readonly string[]): HostAllowList {
  let l = parsed.get(entries);
  if (!l) parsed.set(entries, (l = parseHostAllowList(entries)));
  return l;
}

export type Lookup = (host: string) => Promise<string[]>;
const systemLookup: Lookup = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const inBlocks = (list: HostAllowList, address: string) => {
  const family = net.isIP(address);
  return family !== 0 && list.blocks.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

export type AllowAnswer = { allowed: true; address: string } | { allowed: false; reason: 'not_allowed' | 'unresolved' };

/**
 * Where to connect for `host`. A host matching a name entry is trusted by name. Otherwise every address it resolves
 * to must lie in an allowed CIDR, and the answer is one of those addresses, so the connection goes to the address that
 * was checked (a DNS answer that changes in between cannot redirect it). A name that does not resolve is 'unresolved'.
 */
export async function allowedAddress(
  list: HostAllowList,
  host: string,
  lookup: Lookup = systemLookup,
): Promise<AllowAnswer> {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h && (list.names.has(h) || list.suffixes.some((s) => h.endsWith(s)))) return { allowed: true, address: h };
  if (net.isIP(h)) return inBlocks(list, h) ? { allowed: true, address: h } : { allowed: false, reason: 'not_allowed' };
  // Nothing can match: no need to ask the DNS (and no DNS query is made on behalf of a refused caller).
  if (!h || list.entries.length === 0 || list.blocks.rules.length === 0)
    return { allowed: false, reason: 'not_allowed' };
  let addresses: string[];
  try {
    addresses = await lookup(h);
  } catch {
    return { allowed: false, reason: 'unresolved' };
  }
  if (addresses.length === 0) return { allowed: false, reason: 'unresolved' };
  if (!addresses.every((a) => inBlocks(list, a))) return { allowed: false, reason: 'not_allowed' };
  return { allowed: true, address: addresses[0]! };
}
