/**
 * bench/media, CPU accounting from /proc (Linux): the CPU seconds a process, this process's
 * finished children, or a database's backends have used. On a shared machine the wall-clock
 * figures move with other work; CPU per unit of work moves far less, so each wall-clock figure is
 * printed with one.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';

/** Clock ticks a second (getconf CLK_TCK; 100 on Linux). */
const TICKS = 100;

/** The fields of /proc/<pid>/stat after the command name, which may itself hold spaces. */
async function statFields(pid: number | 'self'): Promise<string[] | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat === null ? null : stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** User + system CPU seconds of a running process (utime, stime); 0 when it is gone. */
export async function processCpuSeconds(pid: number): Promise<number> {
  const fields = await statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS : 0;
}

/** User + system CPU seconds of this process's children that have ended (cutime, cstime). */
export async function childCpuSeconds(): Promise<number> {
  const fields = await statFields('self');
  return fields ? (Number(fields[13]) + Number(fields[14])) / TICKS : 0;
}

/** CPU seconds of each backend of the database now, by pid. */
export async function databaseCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  return new Map(await Promise.all(rows.map(async (row) => [row.pid, await processCpuSeconds(row.pid)] as const)));
}

/** What the backends used between two snapshots; a backend opened in between counts from zero. */
export function databaseCpuUsed(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

/** Transactions the database has finished (committed or rolled back): every statement outside one counts as one. */
export async function transactions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]?.n ?? 0);
}

/** CPU seconds the whole machine has been busy (every core, every process and the kernel: /proc/stat less idle and iowait). */
export async function machineBusySeconds(): Promise<number> {
  const stat = await readFile('/proc/stat', 'utf8');
  const [, ...ticks] = (stat.split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) / TICKS;
}
