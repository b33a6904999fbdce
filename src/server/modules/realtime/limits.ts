/** Limits of the real-time connections of one process; tests shorten the timers. */
export type CableLimits = {
  /** One ping to every socket this often (spec: the consumer calls a connection stale after 6 s without one). */
  pingMs: number;
  /** Sessions of connected users are checked this often, so an expired or deactivated one is cut off. */
  sessionCheckMs: number;
  /** A client whose unsent data passes this is dropped rather than let memory grow. */
  maxBufferedBytes: number;
  /** Frames larger than this close the connection (ws answers 1009). */
  maxFrameBytes: number;
  maxSubscriptions: number;
  /** At shutdown, how long sockets may take to close after `disconnect` before they are cut. */
  closeGraceMs: number;
};

export const CABLE_LIMITS: CableLimits = {
  pingMs: 3_000,
  sessionCheckMs: 5_000,
  maxBufferedBytes: 128 * 1024,
  maxFrameBytes: 16 * 1024,
  maxSubscriptions: 32,
  closeGraceMs: 1_000,
};
