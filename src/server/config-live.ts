import { z } from 'zod';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from './modules/live/ingest-guard.ts';

/** The live settings of the environment (config.ts reads them with the rest). */
export const liveEnv = {
  /** The RTMP ingest's port (publishers push to rtmp://host:port/live/{stream key}); off: no ingest. */
  LIVE_RTMP_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(1935),
  /** The SRT ingest's ports, one listener per event that may stream (`first-last`); off: no SRT ingest. */
  LIVE_SRT_PORTS: z
    .string()
    .default('9710-9729')
    .transform((value, check) => {
      if (value === 'off') return null;
      const [first = NaN, last = NaN] = value.split('-').map(Number);
      if (/^\d{1,5}-\d{1,5}$/.test(value) && first >= 1 && first <= last && last <= 65535) return { first, last };
      check.addIssue({ code: 'custom', message: 'off, or a range of ports such as 9710-9729' });
      return z.NEVER;
    }),
  /** Seconds an ingest connection has from its accept to name a good stream key (RTMP: handshake to publish). */
  LIVE_INGEST_HANDSHAKE_SECONDS: z.coerce.number().int().min(1).max(60).default(DEFAULT_INGEST_LIMITS.handshakeSeconds),
  /** Ingest connections without an accepted key yet, per client address and in all; past either, the oldest is closed. */
  LIVE_INGEST_PENDING_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_INGEST_LIMITS.pendingPerAddress),
  LIVE_INGEST_PENDING: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_INGEST_LIMITS.pending),
  /**
   * The demo's publisher pushing a test picture to the demo live event; on by default with the demo
   * data. `small` is on with a picture that costs a third of the CPU (the browser tests' server).
   */
  LIVE_DEMO_PUBLISHER: z.enum(['auto', 'on', 'small', 'off']).default('auto'),
};

type LiveEnv = z.infer<z.ZodObject<typeof liveEnv>>;

/**
 * The RTMP ingest (null: none), the SRT ingest's ports (null: none), which picture the demo
 * publisher pushes to the demo live event (false: none), and what a connection may cost before its
 * key is accepted.
 */
export type LiveConfig = {
  rtmpPort: number | null;
  srtPorts: { first: number; last: number } | null;
  demoPublisher: false | 'standard' | 'small';
  ingestLimits: IngestLimits;
};

/** The live part of the Config; `seedDemo` decides what `auto` means for the demo publisher. */
export function liveConfig(e: LiveEnv, seedDemo: boolean): LiveConfig {
  return {
    rtmpPort: e.LIVE_RTMP_PORT === 'off' ? null : e.LIVE_RTMP_PORT,
    srtPorts: e.LIVE_SRT_PORTS,
    demoPublisher:
      e.LIVE_DEMO_PUBLISHER === 'small'
        ? 'small'
        : e.LIVE_DEMO_PUBLISHER === 'on' || (e.LIVE_DEMO_PUBLISHER === 'auto' && seedDemo)
          ? 'standard'
          : false,
    ingestLimits: {
      handshakeSeconds: e.LIVE_INGEST_HANDSHAKE_SECONDS,
      pendingPerAddress: e.LIVE_INGEST_PENDING_PER_ADDRESS,
      pending: e.LIVE_INGEST_PENDING,
    },
  };
}
