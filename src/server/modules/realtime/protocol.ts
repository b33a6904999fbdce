/**
 * The ActionCable protocol, `actioncable-v1-json` (spec: content §4 "Real-time channel"): what the
 * server sends, built once as bytes, and what a client may send, checked before it is used.
 *
 *   server → client  {"type":"welcome"}  {"type":"ping","message":<unix seconds>}
 *                    {"identifier":…,"type":"confirm_subscription"}  {"identifier":…,"type":"reject_subscription"}
 *                    {"identifier":…,"message":…}  {"type":"disconnect","reason":…,"reconnect":true|false}
 *   client → server  {"command":"subscribe"|"unsubscribe","identifier":…}
 *                    {"command":"message","identifier":…,"data":"{\"action\":…}"}
 *
 * An identifier is a JSON object as text, `{"channel":"Content::AlertsChannel"}`, echoed back exactly
 * as the client wrote it.
 */

/** Longer identifiers are refused: the consumer's are a few dozen characters. */
export const IDENTIFIER_MAX_LENGTH = 1024;

const bytes = (value: object) => Buffer.from(JSON.stringify(value));

export const WELCOME = bytes({ type: 'welcome' });
export const pingFrame = (unixSeconds: number) => bytes({ type: 'ping', message: unixSeconds });
export const confirmFrame = (identifier: string) => bytes({ identifier, type: 'confirm_subscription' });
export const rejectFrame = (identifier: string) => bytes({ identifier, type: 'reject_subscription' });
export const disconnectFrame = (reason: string, reconnect: boolean) => bytes({ type: 'disconnect', reason, reconnect });

/** A broadcast to one identifier; the message is JSON already, serialised once for every socket. */
export const broadcastFrame = (identifier: string, messageJson: string) =>
  Buffer.from(`{"identifier":${JSON.stringify(identifier)},"message":${messageJson}}`);

export type Command =
  { command: 'subscribe' | 'unsubscribe'; identifier: string } | { command: 'message'; identifier: string; data: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A client frame as a command, or null when it is not one (not JSON, an unknown command…). */
export function parseCommand(text: string): Command | null {
  const value = parseJson(text);
  if (!isObject(value)) return null;
  const { command, identifier, data } = value;
  if (typeof identifier !== 'string' || identifier.length === 0) return null;
  if (command === 'subscribe' || command === 'unsubscribe') return { command, identifier };
  if (command === 'message' && typeof data === 'string') return { command, identifier, data };
  return null;
}

export type Identifier = { channel: string; params: Record<string, unknown> };

/** The channel an identifier names and its other keys, or null when it is not a JSON object naming one. */
export function parseIdentifier(identifier: string): Identifier | null {
  if (identifier.length > IDENTIFIER_MAX_LENGTH) return null;
  const value = parseJson(identifier);
  if (!isObject(value) || typeof value.channel !== 'string') return null;
  const { channel, ...params } = value;
  return { channel, params };
}
