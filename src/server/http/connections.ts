import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether a socket's address is one of the proxies TRUST_PROXY names (`true`: every address;
 * addresses or CIDRs; `false`: none). An IPv4-mapped IPv6 address counts as its IPv4 one.
 */
export function trustedProxy(trust: boolean | string[]): (address: string) => boolean {
  if (typeof trust === 'boolean') return () => trust;
  const ranges = trust.map((entry) =>
    entry.includes('/') ? ipaddr.parseCIDR(entry) : ipaddr.parseCIDR(`${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`),
  );
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return ranges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
  };
}

/**
 * A cap on the connections one client address holds open at once: past it, a new connection is
 * closed at once, so one client cannot hold every socket the server has (the timeouts end slow
 * ones; this bounds how many there can be meanwhile). A trusted proxy's connections are not capped:
 * behind a load balancer every client arrives from its address, and which client a connection
 * serves is known only per request (X-Forwarded-For); the proxy caps its clients (docs/operations.md).
 */
export function capConnectionsPerAddress(server: Server, max: number, isTrustedProxy: (address: string) => boolean = () => false) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (isTrustedProxy(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
