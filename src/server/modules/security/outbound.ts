import dns from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config.ts';
import { Invalid } from '../../http/errors.ts';

/**
 * The outbound-address policy (ARCHITECTURE "Outbound connections"): every connection the server
 * makes to an address someone else named (restream targets, FTP/SFTP delivery, web push endpoints,
 * TVU, the VAT registry, and whatever comes later) asks `check` first. The name is resolved once,
 * every answer is classified, and the caller connects to the checked address and never looks the
 * name up again: a second lookup could answer otherwise (DNS rebinding).
 *
 * Only public unicast addresses pass: loopback, private, link-local, unique-local, multicast,
 * unspecified, carrier-grade NAT, reserved and documentation ranges, the IPv6 forms that carry an
 * IPv4 address (6to4, NAT64, Teredo) and the machine's own addresses are refused. OUTBOUND_ALLOW
 * opens chosen addresses (a partner's private line, the tests' local peers); the platform's own
 * listening ports stay refused on them.
 */
type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** One OUTBOUND_ALLOW entry: an address or CIDR, on one port or (null) on any. */
export type OutboundAllowance = { range: [Address, number]; port: number | null };
export type PortRange = { first: number; last: number };
export type Resolve = (host: string) => Promise<LookupAddress[]>;

/** What the caller connects to: the checked addresses of `host` (the name kept for TLS and Host headers). */
export type CheckedAddress = {
  host: string;
  port: number;
  address: string;
  family: number;
  addresses: LookupAddress[];
  /** `allowance`: a refused range let through by OUTBOUND_ALLOW (other ports than 443 are fine there, for instance). */
  allowedBy: 'public' | 'allowance';
};

export type OutboundPolicy = {
  /** Resolves once and checks every answer and the port: the address to connect to, else OutboundRefused. */
  check(host: string, port: number): Promise<CheckedAddress>;
};

/** The reason of a name that does not resolve: DNS may be down, so callers may treat it as unreachable rather than refused. */
export const UNRESOLVED = 'the name does not resolve';

export class OutboundRefused extends Error {
  constructor(
    readonly host: string,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`${host} is not an address the platform connects to (${reason})`, options);
    this.name = 'OutboundRefused';
  }
}

/** Our words for ipaddr.js's range names, as told to the customer. */
const REASONS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  carrierGradeNat: 'a carrier-grade NAT address',
};

export type OutboundPolicyOptions = {
  allow: readonly OutboundAllowance[];
  /** The platform's own listening ports (PORT, LIVE_RTMP_PORT, LIVE_SRT_PORTS): refused on every address not public. */
  ownPorts: readonly PortRange[];
  /** DNS: getaddrinfo by default, which reads 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 as 127.0.0.1. */
  resolve?: Resolve;
  /** The machine's own addresses (its interfaces by default): a public one may still be where our own services listen. */
  ownAddresses?: () => string[];
};

const systemResolve: Resolve = (host) => dns.lookup(host, { all: true, verbatim: true });
const interfaceAddresses = () => Object.values(os.networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));

function parseAddress(text: string): Address | null {
  try {
    // process(): an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it is.
    return ipaddr.process(text.replace(/%.*$/, ''));
  } catch {
    return null;
  }
}

const sameAddress = (a: Address, b: Address) => a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();

export function outboundPolicy(options: OutboundPolicyOptions): OutboundPolicy {
  const resolve = options.resolve ?? systemResolve;
  const ownAddresses = options.ownAddresses ?? interfaceAddresses;
  const ownPort = (port: number) => options.ownPorts.some((range) => port >= range.first && port <= range.last);

  const verdict = (text: string, port: number): { by: 'public' | 'allowance' } | { reason: string } => {
    const address = parseAddress(text);
    if (!address) return { reason: 'not an address' };
    const range = address.range();
    const own = ownAddresses().some((candidate) => {
      const parsed = parseAddress(candidate);
      return parsed !== null && sameAddress(parsed, address);
    });
    if (range === 'unicast' && !own) return { by: 'public' };
    const allowed = options.allow.some(
      (entry) => entry.range[0].kind() === address.kind() && address.match(entry.range) && (entry.port === null || entry.port === port),
    );
    if (!allowed) return { reason: own ? "one of the platform's own addresses" : (REASONS[range] ?? 'a reserved address') };
    if (ownPort(port)) return { reason: "one of the platform's own ports" };
    return { by: 'allowance' };
  };

  return {
    async check(host, port) {
      const name = host.replace(/^\[(.*)\]$/, '$1');
      if (!Number.isInteger(port) || port < 1 || port > 65535) throw new OutboundRefused(host, 'not a port');
      let answers: LookupAddress[];
      try {
        // An address is itself; anything else (2130706433, 0x7f000001, names) is what the resolver makes of it.
        answers = isIP(name) ? [{ address: name, family: isIP(name) }] : await resolve(name);
      } catch (error) {
        throw new OutboundRefused(host, UNRESOLVED, { cause: error });
      }
      const [first] = answers;
      if (!first) throw new OutboundRefused(host, UNRESOLVED);
      // One forbidden answer refuses the name: a name that mixes public and private answers is a trap.
      const verdicts = answers.map((answer) => verdict(answer.address, port));
      for (const [index, judged] of verdicts.entries())
        if ('reason' in judged)
          throw new OutboundRefused(host, name === answers[index]?.address ? judged.reason : `it resolves to ${judged.reason}`);
      return {
        host: name,
        port,
        address: first.address,
        family: first.family,
        addresses: answers,
        allowedBy: verdicts.every((judged) => 'by' in judged && judged.by === 'public') ? 'public' : 'allowance',
      };
    },
  };
}

/**
 * Checks an address when it is saved, for a 422 the customer can act on. A name that does not resolve
 * now is let through (DNS may be down; it is checked again, as everything is, when connecting).
 */
export async function vetOutbound(policy: OutboundPolicy, host: string, port: number, field: string): Promise<CheckedAddress | null> {
  try {
    return await policy.check(host, port);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    if (error.reason === UNRESOLVED) return null;
    throw new Invalid({ code: 'outbound_address_refused', field, message: error.message });
  }
}

/**
 * A `lookup` for net, http and https that answers only the checked name, with the checked addresses:
 * whatever the socket code asks, it connects where the policy looked.
 */
export function pinnedLookup(checked: CheckedAddress): LookupFunction {
  return (hostname, options, callback) => {
    if (hostname.replace(/^\[(.*)\]$/, '$1') !== checked.host) {
      callback(Object.assign(new Error(`${hostname} was not checked`), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) callback(null, checked.addresses);
    else callback(null, checked.address, checked.family);
  };
}

/**
 * OUTBOUND_ALLOW: addresses or CIDRs, each optionally on one port, comma-separated:
 * `127.0.0.1`, `10.20.0.0/16:21`, `[::1]:8443`, `fd00::/8`.
 */
export function parseOutboundAllow(text: string): { ok: true; value: OutboundAllowance[] } | { ok: false; error: string } {
  const value: OutboundAllowance[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const found = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry) ?? /^([^:]+)(?::(\d{1,5}))?$/.exec(entry) ?? [entry, entry, undefined];
    const [, where = '', portText] = found;
    const port = portText === undefined ? null : Number(portText);
    if (port !== null && (port < 1 || port > 65535)) return { ok: false, error: `${entry}: the port must be 1-65535` };
    let range: [Address, number];
    try {
      if (where.includes('/')) {
        range = ipaddr.parseCIDR(where);
      } else {
        const address = ipaddr.process(where);
        range = [address, address.kind() === 'ipv4' ? 32 : 128];
      }
    } catch {
      return { ok: false, error: `${entry}: not an address or CIDR (IPv6 with a port in brackets: [::1]:8443)` };
    }
    value.push({ range, port });
  }
  return { ok: true, value };
}

/** The policy of this configuration: OUTBOUND_ALLOW's allowances and the platform's own ports. */
export function outboundPolicyFor(config: Pick<Config, 'port' | 'live' | 'outboundAllow'>, options: Partial<OutboundPolicyOptions> = {}) {
  const ownPorts: PortRange[] = [{ first: config.port, last: config.port }];
  if (config.live.rtmpPort !== null) ownPorts.push({ first: config.live.rtmpPort, last: config.live.rtmpPort });
  if (config.live.srtPorts) ownPorts.push(config.live.srtPorts);
  return outboundPolicy({ allow: config.outboundAllow, ownPorts, ...options });
}
