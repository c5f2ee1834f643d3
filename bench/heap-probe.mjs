// Preloaded into the bench's server process only (`--expose-gc --import bench/heap-probe.mjs`): on
// SIGUSR2 it runs two full garbage collections and writes the process's memory figures, with the
// probe's sequence number, to HEAP_PROBE_FILE. The shop itself has no such hook.
import { writeFileSync } from 'node:fs';

let seq = 0;
const file = process.env.HEAP_PROBE_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ seq: ++seq, heapUsed: m.heapUsed, rss: m.rss }));
  });
}
