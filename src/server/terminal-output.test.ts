import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { publisherArgs } from './modules/live/demo-publisher.ts';
import { resolveFfmpeg } from './modules/media/ffmpeg.ts';
import { readableLogs, terminalLines } from './terminal-log.ts';

/** What a person at the terminal of `npm start` reads (issue 28: pino's JSON and Fontconfig's warnings). */
describe('readable log lines', () => {
  const at = Date.UTC(2026, 10, 29, 7, 12, 3);
  const clock = new Date(at).toTimeString().slice(0, 8);

  it('a request is one line: method, URL, status and time', () => {
    const line = terminalLines({ colour: false });
    const incoming = { level: 30, time: at, reqId: 'r1', req: { method: 'GET', url: '/api/site?locale=en' }, msg: 'incoming request' };
    expect(line(JSON.stringify(incoming))).toBeNull();
    const completed = { level: 30, time: at, reqId: 'r1', res: { statusCode: 200 }, responseTime: 3.4, msg: 'request completed' };
    expect(line(JSON.stringify(completed))).toBe(`${clock} INFO  GET /api/site?locale=en 200 3 ms\n`);
  });

  it('an entry says its level, part, message and other fields; an error its stack', () => {
    const line = terminalLines({ colour: false });
    const entry = { level: 40, time: at, pid: 1, hostname: 'h', part: 'live', msg: 'ingest port taken', port: 1935, note: 'two words' };
    expect(line(JSON.stringify(entry))).toBe(`${clock} WARN  [live] ingest port taken port=1935 note="two words"\n`);
    const failed = {
      level: 50,
      time: at,
      msg: 'demo masters failed',
      err: { type: 'Error', message: 'no', stack: 'Error: no\n    at x (y.ts:1:1)' },
    };
    expect(line(JSON.stringify(failed))).toBe(`${clock} ERROR demo masters failed\n    Error: no\n        at x (y.ts:1:1)\n`);
    expect(line('not json')).toBe('not json\n');
  });

  it('colours the level only when asked', () => {
    expect(terminalLines({ colour: true })(JSON.stringify({ level: 30, time: at, msg: 'ready' }))).toBe(
      `${clock} \u001b[32mINFO \u001b[0m ready\n`,
    );
  });

  it('readable at a terminal unless LOG_FORMAT says json; JSON elsewhere (production, tests) unless it says pretty', () => {
    expect(readableLogs({ logFormat: undefined }, true)).toBe(true);
    expect(readableLogs({ logFormat: undefined }, false)).toBe(false);
    expect(readableLogs({ logFormat: 'json' }, true)).toBe(false);
    expect(readableLogs({ logFormat: 'pretty' }, false)).toBe(true);
  });
});

describe('the demo publisher', () => {
  it.each(['standard', 'small'] as const)(
    'prints nothing, even where Fontconfig has no configuration (a static ffmpeg): %s picture',
    async (picture) => {
      const args = publisherArgs('-', 'Demo: the flood relief press conference', picture);
      // The same picture for one second, to nowhere instead of the ingest.
      const output = args.indexOf('-f', args.indexOf('-b:a'));
      const run = spawn(resolveFfmpeg(undefined), [...args.slice(0, output), '-t', '1', '-f', 'null', '-'], {
        env: { ...process.env, FONTCONFIG_FILE: '/nonexistent/fonts.conf', FONTCONFIG_PATH: '/nonexistent' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let printed = '';
      run.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => run.on('close', resolve));
      expect(printed).toBe('');
      expect(code).toBe(0);
    },
  );
});
