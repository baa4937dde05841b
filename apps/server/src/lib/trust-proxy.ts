import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's trustProxy takes: trust nothing or everything, a hop count, or proxy addresses. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for address ranges, accepted beside plain addresses and CIDRs. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (rangeNames.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A prefix length (10.0.0.0/8) or, for IPv4, a netmask (10.0.0.0/255.0.0.0).
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: `false` (the client is whoever connects), `true` (the left-most X-Forwarded-For
 * address, only safe when every request passes a proxy), a hop count (how many proxies stand
 * in front), or a comma list of proxy addresses, CIDRs or proxy-addr's range names.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const bad = items.filter((item) => !isAddressOrRange(item));
    if (items.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count, or a comma list of addresses/CIDRs (not ${bad.join(', ') || 'empty'})`,
      });
      return z.NEVER;
    }
    return items;
  });

/** Fastify runs a hop count as "the first n hops are trusted"; its types only name the function. */
export function fastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
