import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

// Webhook targets are typed by staff, and the server posts to them: pointed at this machine or the
// private network behind it (a database admin page, a cloud metadata service at 169.254.169.254),
// the webhook becomes a way in. Such targets are refused unless WEBHOOK_PRIVATE_TARGETS=on (the
// tests' local fake automation host, or an automation host on the same private network).

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is loopback, link-local, private, or otherwise not on the internet. */
export function isPrivateAddress(address: string) {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) return blocked.check(bare, "ipv6");
  return false;
}

export const PRIVATE_TARGET_MESSAGE =
  "Use a public address: webhooks cannot go to this server or a private network.";

/**
 * Why `url` may not be posted to (it names or resolves to a private address), or null when it is
 * public. A name that does not resolve is left to the delivery, which reports it as a failure.
 */
export async function privateTargetReason(url: string): Promise<string | null> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return null;
  }
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return PRIVATE_TARGET_MESSAGE;
  if (isIP(hostname)) return isPrivateAddress(hostname) ? PRIVATE_TARGET_MESSAGE : null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(hostname, { all: true });
  } catch {
    return null;
  }
  return addresses.some(({ address }) => isPrivateAddress(address)) ? PRIVATE_TARGET_MESSAGE : null;
}
