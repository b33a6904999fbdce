import type net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What a connection to the ingest may cost before its stream key is accepted. It has
 * `handshakeSeconds` from its accept to name a good key, and the connections still waiting for
 * that are capped per client address and in all. Past a cap the OLDEST waiting connection (of
 * that address, or of all) is closed to make room, rather than the new one refused: idle
 * connections then cannot keep a publisher out; to push one out, a flood must open connections
 * faster than a publisher gets through its handshake. These are sockets of this process, so the
 * count is too; wrong keys are counted in the database (stream.ts), across processes.
 */
export type IngestLimits = { handshakeSeconds: number; pendingPerAddress: number; pending: number };

export const DEFAULT_INGEST_LIMITS: IngestLimits = { handshakeSeconds: 5, pendingPerAddress: 8, pending: 64 };

/**
 * The client a connection counts against: its IPv4 address, or its IPv6 /64, a subscriber's usual
 * share of addresses, so that one subscriber cannot spread a flood over its own addresses.
 */
export function clientOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address becomes the IPv4 one
  if (parsed instanceof ipaddr.IPv4) return parsed.toString();
  return `${parsed.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

export class PendingConnections {
  /** Every waiting connection and its address, oldest first (a Map keeps the order of insertion). */
  private readonly all = new Map<net.Socket, string>();
  private readonly byAddress = new Map<string, Set<net.Socket>>();

  constructor(private readonly limits: IngestLimits) {}

  get size(): number {
    return this.all.size;
  }

  /** A new connection waits for its key, making room if a cap is reached. */
  admit(socket: net.Socket, address: string): void {
    for (const oldest of this.byAddress.get(address) ?? []) {
      if ((this.byAddress.get(address)?.size ?? 0) < this.limits.pendingPerAddress) break;
      this.evict(oldest);
    }
    for (const oldest of this.all.keys()) {
      if (this.all.size < this.limits.pending) break;
      this.evict(oldest);
    }
    this.all.set(socket, address);
    this.byAddress.set(address, (this.byAddress.get(address) ?? new Set()).add(socket));
  }

  /** The connection's key was accepted, or it closed: its place is free. */
  settle(socket: net.Socket): void {
    const address = this.all.get(socket);
    if (address === undefined) return;
    this.all.delete(socket);
    const mine = this.byAddress.get(address);
    mine?.delete(socket);
    if (mine?.size === 0) this.byAddress.delete(address);
  }

  private evict(socket: net.Socket) {
    this.settle(socket);
    socket.destroy();
  }
}
