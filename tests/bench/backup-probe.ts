import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** How often the probe asks GET /api/health while the crowd plays. */
const EVERY_MS = 200;

/**
 * The health route's latency while a base backup is being taken under the crowd (`LOAD_BACKUPS=on`,
 * docs/backups.md): GET /api/health every 200 ms, each latency kept when the backup directory holds
 * a base backup still being written (`<name>.partial`). `stop()` answers the latencies kept.
 */
export function probeHealthDuringBackups(baseUrl: string, backupDir: string) {
  const latencies: number[] = [];
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const copying = (await readdir(path.join(backupDir, 'base')).catch(() => [] as string[])).some((name) => name.endsWith('.partial'));
      const start = performance.now();
      const reply = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      if (copying && reply?.ok) latencies.push(performance.now() - start);
      await reply?.arrayBuffer().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  })();
  return {
    async stop(): Promise<number[]> {
      stopped = true;
      await running;
      return latencies;
    },
  };
}
