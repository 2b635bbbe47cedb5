import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a client is counted under. An IPv6 client is counted by its /64:
 * one home or phone line gets a whole /64 and can pick a fresh address in it
 * for every request. An IPv4 client reaching a dual-stack socket
 * (`::ffff:a.b.c.d`) is its IPv4 address. Anything else is kept as it is.
 */
export function rateLimitKey(ip: string): string {
  const address = ip.trim().replace(/%.*$/, "").toLowerCase();
  if (!isIPv6(address)) return isIPv4(address) ? address : ip;
  const groups = ipv6Groups(address);
  const isIPv4Mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isIPv4Mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const parts = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return parts.map((part) => Number.parseInt(part, 16));
}
