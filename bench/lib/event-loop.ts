import { monitorEventLoopDelay } from "node:perf_hooks";

/** How late the event loop ran its timers, in milliseconds, over the measured part of a run. */
export interface EventLoopReport {
  meanMs: number;
  p99Ms: number;
  maxMs: number;
  /**
   * The ticks held longer than LONG_TICK_MS: when they ended (ms from the start of the measurement), how long,
   * and the CPU this process used meanwhile. On a shared machine a tick is also long when the process waits for
   * a core: CPU close to the length is the process's own work, CPU far below it is the neighbours'.
   */
  longTicks: { atMs: number; ms: number; cpuMs: number }[];
  /** The most CPU one long tick used (ms): the longest hold of the loop by this process's own work. */
  maxTickCpuMs: number;
}

const LONG_TICK_MS = 100;
const CHECK_EVERY_MS = 10;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Watches this process's event loop: Node's delay histogram (mean, p99, max) and, to find what held it,
 * when each long tick ended (a 10 ms timer that fires late by more than LONG_TICK_MS) and its CPU. `restart` drops
 * what a warm-up saw. Both timers are unref'd: they never keep the process alive.
 */
export function startEventLoopMonitor(): { restart(): void; stop(): EventLoopReport } {
  const histogram = monitorEventLoopDelay({ resolution: CHECK_EVERY_MS });
  histogram.enable();
  let started = performance.now();
  let last = started;
  let lastCpu = process.cpuUsage();
  let longTicks: EventLoopReport["longTicks"] = [];
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const late = now - last - CHECK_EVERY_MS;
    if (late > LONG_TICK_MS) {
      const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
      longTicks.push({ atMs: Math.round(now - started), ms: Math.round(late), cpuMs: Math.round(cpuMs) });
    }
    last = now;
    lastCpu = cpu;
  }, CHECK_EVERY_MS).unref();
  return {
    restart() {
      histogram.reset();
      started = performance.now();
      longTicks = [];
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
      // The histogram counts nanoseconds.
      const ms = (ns: number) => round1(ns / 1e6);
      return {
        meanMs: ms(histogram.mean),
        p99Ms: ms(histogram.percentile(99)),
        maxMs: ms(histogram.max),
        longTicks,
        maxTickCpuMs: Math.max(0, ...longTicks.map((t) => t.cpuMs)),
      };
    },
  };
}
