import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Addresses that never locate a shopper: loopback, private networks, link-local, carrier-grade NAT,
 * documentation and multicast ranges. Checked before the database, which maps some of them to
 * whichever registry announced them (192.168.1.1 comes back as "AU").
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["64:ff9b:1::", 48],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");

/**
 * The address as the country database wants it: IPv4-mapped IPv6 ("::ffff:1.2.3.4", what a dual-stack
 * socket reports for IPv4 clients) becomes plain IPv4. Null for anything that is not a public address.
 */
export function publicAddress(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip.trim());
  const address = mapped?.[1] ?? ip.trim();
  if (isIPv4(address)) return NON_PUBLIC.check(address, "ipv4") ? null : address;
  if (isIPv6(address)) return NON_PUBLIC.check(address, "ipv6") ? null : address;
  return null;
}
