import type { BlockList, LookupFunction } from 'node:net';

/**
 * The address guard for remote resources: a host is fetched only when every address it
 * resolves to is public. Loopback, private, link-local (incl. the cloud metadata address
 * 169.254.169.254), CGNAT, multicast, reserved and unspecified ranges are refused, in
 * IPv4, IPv6 and IPv4-mapped/translated IPv6 forms.
 */
const BLOCKED_IPV4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
const BLOCKED_IPV6 = [
  ['::', 128],
  ['::1', 128],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const;

/**
 * node:net, loaded when an address is first checked: most renders fetch nothing, and loading
 * Node's networking modules at start-up was a few ms of every cold `platen render`.
 */
const net = (): typeof import('node:net') => process.getBuiltinModule('node:net');

let blockList: BlockList | undefined;
function blocked(): BlockList {
  if (!blockList) {
    blockList = new (net().BlockList)();
    for (const [address, prefix] of BLOCKED_IPV4) blockList.addSubnet(address, prefix, 'ipv4');
    for (const [address, prefix] of BLOCKED_IPV6) blockList.addSubnet(address, prefix, 'ipv6');
  }
  return blockList;
}

/** Is this literal address one we must never connect to? (BlockList also matches ::ffff:a.b.c.d.) */
export function isBlockedAddress(address: string): boolean {
  const family = net().isIP(address);
  if (family === 4) return blocked().check(address, 'ipv4');
  if (family === 6) return blocked().check(address, 'ipv6');
  return true;
}

export interface ResolvedHost {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Resolve `hostname` once and return the address to connect to, or an error message.
 * The caller connects to exactly this address, so a second DNS answer cannot differ
 * (no DNS rebinding between check and use).
 */
export async function resolveGuarded(hostname: string, allowPrivateNetwork: boolean): Promise<ResolvedHost | string> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  let addresses: { address: string; family: number }[];
  const literal = net().isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await process.getBuiltinModule('node:dns/promises').lookup(host, { all: true, verbatim: true });
    } catch (error) {
      return `cannot resolve ${host} (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    }
  }
  const first = addresses[0];
  if (!first) return `no address for ${host}`;
  if (!allowPrivateNetwork) {
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad) return `${host} resolves to ${bad.address}, a private, loopback or reserved address`;
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` for http(s).request that connects to the address the guard approved, whatever DNS would say now. */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
