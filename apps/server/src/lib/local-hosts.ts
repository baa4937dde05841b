import { hostname, networkInterfaces } from 'node:os';

/**
 * This machine's names and addresses, in lower case: `localhost`, `::1`, its host name (with
 * and without its domain, and as `<name>.local`, the name mDNS gives it on a LAN) and the address
 * of every network interface. The whole 127.0.0.0/8 range is checked apart (`isLoopback`).
 */
export function machineNames(): Set<string> {
  const names = new Set(['localhost', '::1']);
  const name = hostname().toLowerCase();
  if (name) {
    const short = name.split('.', 1)[0] ?? name;
    names.add(name).add(short).add(`${short}.local`);
  }
  for (const addresses of Object.values(networkInterfaces()))
    for (const { address } of addresses ?? []) names.add(address.toLowerCase());
  return names;
}

const port = /^:\d{1,5}$/;

/**
 * The name of a Host header (`name`, `name:port`, `[ipv6]` or `[ipv6]:port`), in lower case;
 * undefined for anything else (an IPv6 address without brackets, a port that is not a number).
 */
export function hostNameOf(host: string): string | undefined {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    if (end < 0) return undefined;
    const rest = lower.slice(end + 1);
    return rest === '' || port.test(rest) ? lower.slice(1, end) : undefined;
  }
  const colon = lower.indexOf(':');
  if (colon < 0) return lower;
  return port.test(lower.slice(colon)) ? lower.slice(0, colon) : undefined;
}

const isLoopback = (name: string) => /^127(\.\d{1,3}){3}$/.test(name);

/** How long the machine's names are kept before an unknown name reads them again. */
export const machineNamesMaxAgeMs = 5_000;

/**
 * Whether a request's host (Fastify's `request.host`: the Host header, or X-Forwarded-Host from
 * a trusted proxy) names this machine, which is all a server without PUBLIC_URL answers to. A
 * page on a name the attacker controls, pointed at this machine's address by DNS rebinding, sends
 * that name, and is refused; the address itself, typed into a browser, is always this machine's
 * own. A request without a host (HTTP/1.0) comes from no browser and passes. Addresses come and
 * go (a laptop joins a network after the server started), so an unknown name reads them again,
 * at most every 5 s. The last host allowed is remembered: one comparison for most requests.
 */
export function localHostCheck(
  readNames: () => Set<string> = machineNames,
  now: () => number = Date.now,
): (host: string) => boolean {
  let names = readNames();
  let readAt = now();
  let lastAllowed = '';
  const allows = (name: string) => names.has(name) || isLoopback(name);
  return (host) => {
    if (host === lastAllowed || host === '') return true;
    const name = hostNameOf(host);
    if (name === undefined) return false;
    if (!allows(name)) {
      if (now() - readAt < machineNamesMaxAgeMs) return false;
      names = readNames();
      readAt = now();
      if (!allows(name)) return false;
    }
    lastAllowed = host;
    return true;
  };
}
