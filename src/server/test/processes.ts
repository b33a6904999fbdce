import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * Processes seen from outside, as an operator would (Linux's /proc): tests that prove no ffmpeg
 * outlives its server, or that at most so many run at once. Elsewhere `procAvailable` is false and
 * those tests are skipped.
 */
export const procAvailable = existsSync('/proc/self/stat');

/** A process's state letter, name and parent, or null when it is gone. */
function statOf(pid: number): { state: string; name: string; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').trim();
    const [, name = '', rest = ''] = /^\d+ \((.*)\) (.*)$/s.exec(stat) ?? [];
    const [state = '', parent = '0'] = rest.split(' ');
    return { state, name, parent: Number(parent) };
  } catch {
    return null;
  }
}

/** Whether a process runs (a zombie waiting to be reaped has ended). */
export function isRunning(pid: number | undefined): boolean {
  const stat = pid ? statOf(pid) : null;
  return stat !== null && stat.state !== 'Z';
}

/** The running ffmpeg processes whose parent is `parent`. */
export function ffmpegChildrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const stat = statOf(pid);
      return stat !== null && stat.name === 'ffmpeg' && stat.state !== 'Z' && stat.parent === parent;
    });
}
