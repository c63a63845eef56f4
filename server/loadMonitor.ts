import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { SheddingConfig } from './config';

/** Why the process should refuse what can wait: the measure past its limit, in the limit's unit. */
export interface Pressure {
  measure: 'event loop delay' | 'heap' | 'resident memory';
  value: number;
  limit: number;
  unit: 'ms' | '%' | 'MB';
}

/** Says whether this process is overloaded now; the shedding plugin asks it on every API request. */
export interface LoadMonitor {
  /** The first measure past its limit at the last sample, or undefined while the process keeps up. */
  pressure(): Pressure | undefined;
  close(): void;
}

/** How often the measures are read: shedding starts and stops within about this long. */
const SAMPLE_MS = 500;

const MB = 1024 * 1024;

/**
 * The process's own measures, read every half second: the event loop's delay (the p99 of perf_hooks' histogram since
 * the last sample, or how late this very sample fired, whichever is longer: a loop blocked for a second records one
 * late tick in the histogram, perhaps only after this sample has read it), the heap in use against V8's limit, and
 * the resident memory. A limit of 0 is not checked.
 */
export function processLoadMonitor(limits: SheddingConfig): LoadMonitor {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  let current: Pressure | undefined;
  let overBefore = false;
  let sampledAt = performance.now();

  const sample = () => {
    const now = performance.now();
    const lateMs = now - sampledAt - SAMPLE_MS;
    sampledAt = now;
    const delayMs = Math.max(lateMs, delay.count > 0 ? delay.percentile(99) / 1e6 : 0);
    delay.reset();
    const heapPercent = (100 * v8.getHeapStatistics().used_heap_size) / heapLimit;
    const rssMb = process.memoryUsage.rss() / MB;
    const measures: Pressure[] = [
      { measure: 'event loop delay', value: Math.round(delayMs), limit: limits.eventLoopDelayMs, unit: 'ms' },
      { measure: 'heap', value: Math.round(heapPercent), limit: limits.heapPercent, unit: '%' },
      { measure: 'resident memory', value: Math.round(rssMb), limit: limits.rssMb, unit: 'MB' },
    ];
    const over = measures.find((m) => m.limit > 0 && m.value > m.limit);
    current = over && overBefore ? over : undefined;
    overBefore = over !== undefined;
  };
  const timer = setInterval(sample, SAMPLE_MS);
  timer.unref();
  return {
    pressure: () => current,
    close() {
      clearInterval(timer);
      delay.disable();
    },
  };
}
