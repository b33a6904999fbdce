import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReadinessCheck } from '../modules/health/routes.ts';
import { shellPreloads, type ShellPreloads } from './manifest.ts';

export type BuiltApp = { shell: string; preloads: ShellPreloads };

/**
 * The browser app built into `webRoot`: its shell and preload hints, read when index.html appears
 * and again whenever it changes. `npm start`'s first start builds the app while the API already
 * answers (scripts/start.mjs), so the shell may arrive after the server started; until then there is
 * none (null), and readiness says the app is being built.
 */
export function builtApp(webRoot: string) {
  const index = path.join(webRoot, 'index.html');
  let loaded: { mtimeMs: number; app: Promise<BuiltApp> } | null = null;
  const read = async (): Promise<BuiltApp> => ({ shell: await readFile(index, 'utf8'), preloads: await shellPreloads(webRoot) });
  return {
    async current(): Promise<BuiltApp | null> {
      const stats = await stat(index).catch(() => null);
      if (!stats) return null;
      if (loaded?.mtimeMs !== stats.mtimeMs) loaded = { mtimeMs: stats.mtimeMs, app: read() };
      return loaded.app;
    },
  };
}

/** Readiness waits for the shell: a page asked for before it would only say the app is being built. */
export function webAppReadiness(webRoot: string): ReadinessCheck {
  return {
    name: 'web',
    code: 'web_app_building',
    what: 'The browser app',
    down: 'The browser app is being built',
    ping: async () => {
      await stat(path.join(webRoot, 'index.html'));
    },
  };
}

export type BuiltAppSource = ReturnType<typeof builtApp>;

/** What a screen answers while the first build runs: a short page that looks again every ten seconds. */
export const BUILDING_PAGE =
  '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta http-equiv="refresh" content="10"><title>Newsreel</title></head>' +
  '<body><p>Newsreel is starting: the browser app is being built (first start). This page reloads by itself when it is ready.</p></body></html>';
