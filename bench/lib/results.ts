import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";

export const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));

/**
 * The machine is shared (other engineers run test suites on the same 2 cores), so every result carries
 * the 1-minute load average seen while it ran: a number measured at load 6 is not comparable with one
 * measured at load 0.5.
 */
export interface LoadAverage {
  start: number;
  end: number;
  max: number;
  mean: number;
}

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  freeMemoryGiB: number;
  node: string;
  platform: string;
}

export interface BenchResult<T> {
  name: string;
  startedAt: string;
  finishedAt: string;
  machine: MachineInfo;
  loadAverage: LoadAverage;
  options: Record<string, unknown>;
  data: T;
}

const gib = (bytes: number) => Math.round((bytes / 2 ** 30) * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

export function machineInfo(): MachineInfo {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGiB: gib(totalmem()),
    freeMemoryGiB: gib(freemem()),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

/** Samples os.loadavg()[0] every few seconds until stopped; the timer never keeps the process alive. */
export function startLoadSampler(intervalMs = 5000): { stop(): LoadAverage } {
  const samples = [loadavg()[0] ?? 0];
  const timer = setInterval(() => samples.push(loadavg()[0] ?? 0), intervalMs).unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(loadavg()[0] ?? 0);
      return {
        start: round2(samples[0] ?? 0),
        end: round2(samples.at(-1) ?? 0),
        max: round2(Math.max(...samples)),
        mean: round2(samples.reduce((a, b) => a + b, 0) / samples.length),
      };
    },
  };
}

/** Runs a benchmark body and wraps its data with timing, machine and load context. */
export async function recordRun<T>(
  name: string,
  options: Record<string, unknown>,
  body: () => Promise<T>,
): Promise<BenchResult<T>> {
  const startedAt = new Date().toISOString();
  const sampler = startLoadSampler();
  const data = await body();
  return {
    name,
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: machineInfo(),
    loadAverage: sampler.stop(),
    options,
    data,
  };
}

/** Writes results/<name>-<timestamp>.json and the latest copy results/<name>.json; returns the first path. */
export function writeResult(result: BenchResult<unknown>): string {
  mkdirSync(resultsDir, { recursive: true });
  const stamp = result.startedAt.replace(/[:.]/g, "-");
  const file = `${resultsDir}${result.name}-${stamp}.json`;
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(`${resultsDir}${result.name}.json`, json);
  return file;
}

export function readLatestResult<T>(name: string): BenchResult<T> | undefined {
  try {
    return JSON.parse(readFileSync(`${resultsDir}${name}.json`, "utf8")) as BenchResult<T>;
  } catch {
    return undefined;
  }
}
