import type { DestinationStream } from 'pino';

/**
 * Log lines for a person at a terminal (issue 28): pino writes JSON, for log collectors and
 * tests; at a terminal each entry becomes one readable line, "07:12:03 INFO  [jobs] message
 * key=value", and a request's two entries (incoming, completed) one line, "GET /api/site 200 3 ms".
 * LOG_FORMAT chooses; unset, it is readable when stdout is a terminal (main.ts).
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields the line says in its own way, or that a person does not need (pino's, Fastify's). */
const SAID = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'part', 'reqId', 'req', 'res', 'responseTime', 'err', 'error']);
/** Requests whose completion has not come yet: their method and URL (bounded: a lost one is forgotten). */
const PENDING_MAX = 1000;

type Entry = Record<string, unknown>;
type Failure = { type?: unknown; message?: unknown; stack?: unknown };

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function fields(entry: Entry): string {
  return Object.entries(entry)
    .filter(([key, value]) => !SAID.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value)}`)
    .join(' ');
}

function failure(entry: Entry): string {
  const err = (entry.err ?? entry.error) as Failure | undefined;
  if (!err || typeof err !== 'object') return '';
  const stack = typeof err.stack === 'string' ? err.stack : `${text(err.type ?? 'Error')}: ${text(err.message ?? '')}`;
  return `\n    ${stack.split('\n').join('\n    ')}`;
}

/** Turns pino's JSON lines into readable ones; anything else passes as it is. */
export function terminalLines(options: { colour: boolean }) {
  const pending = new Map<string, string>();
  const paint = (level: number, value: string) => (options.colour ? `\u001b[${COLOURS[level] ?? '0'}m${value}\u001b[0m` : value);
  return (json: string): string | null => {
    let entry: Entry;
    try {
      entry = JSON.parse(json) as Entry;
    } catch {
      return json.endsWith('\n') ? json : `${json}\n`;
    }
    const level = typeof entry.level === 'number' ? entry.level : 30;
    const reqId = typeof entry.reqId === 'string' ? entry.reqId : undefined;
    const req = entry.req as { method?: unknown; url?: unknown } | undefined;
    const res = entry.res as { statusCode?: unknown } | undefined;
    if (reqId && req && entry.msg === 'incoming request') {
      if (pending.size >= PENDING_MAX) pending.delete(pending.keys().next().value ?? '');
      pending.set(reqId, `${text(req.method)} ${text(req.url)}`);
      return null;
    }
    let message = typeof entry.msg === 'string' ? entry.msg : '';
    if (reqId && res && entry.msg === 'request completed') {
      const took = typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)} ms` : '';
      message = `${pending.get(reqId) ?? 'request'} ${text(res.statusCode)}${took}`;
      pending.delete(reqId);
    }
    const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
    const part = typeof entry.part === 'string' ? `[${entry.part}] ` : '';
    const rest = fields(entry);
    return `${time} ${paint(level, (LEVELS[level] ?? String(level)).padEnd(5))} ${part}${message}${rest ? ` ${rest}` : ''}${failure(entry)}\n`;
  };
}

/** LOG_FORMAT, else readable lines when stdout is a terminal: a person reads them, a collector does not. */
export function readableLogs(
  config: { logFormat: 'json' | 'pretty' | undefined },
  stdoutIsTerminal = process.stdout.isTTY === true,
): boolean {
  return config.logFormat ? config.logFormat === 'pretty' : stdoutIsTerminal;
}

/** A pino destination writing readable lines to `out` (stdout). */
export function terminalLogStream(out: NodeJS.WriteStream = process.stdout): DestinationStream {
  const line = terminalLines({ colour: out.isTTY === true });
  return {
    write(chunk: string) {
      // pino writes one entry per call, ending in a newline.
      for (const json of chunk.split('\n')) {
        if (json === '') continue;
        const readable = line(json);
        if (readable) out.write(readable);
      }
    },
  };
}
