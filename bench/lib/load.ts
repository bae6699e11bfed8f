import { fileURLToPath } from "node:url";
import { runChildJson } from "./child-json";

export interface LoadRequest {
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  origin: string;
  /** Each connection cycles through these in order (one entry: the same request every time). */
  requests: LoadRequest[];
  /**
   * Instead, every request takes the next of `requests`, one position shared by all connections: each
   * request is asked again only after all the others (connections of their own would ask the same ones
   * together, and all but the first would be answered by the server's cache).
   */
  sharedOrder?: boolean;
  connections: number;
  durationSeconds: number;
  /** Unrecorded run first, so JIT compilation and cold caches do not land in the numbers. */
  warmupSeconds: number;
  timeoutSeconds: number;
  headers: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  completed: number;
  latencyMs: { p50: number; p90: number; p99: number; mean: number; max: number };
  /** Socket errors, timeouts included. */
  socketErrors: number;
  /** Requests without an answer within the timeout (10 s). */
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  durationSeconds: number;
}

/**
 * Every failed request, whatever the kind: 4xx/5xx answers (a 409 too), socket errors and timeouts
 * (autocannon already counts a timeout among its errors, so timeouts are not added twice).
 */
export function errorCount(result: LoadResult): number {
  return result.socketErrors + result.non2xx;
}

/** What a browser sends, so responses are compressed as they would be for a shopper. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

const runner = fileURLToPath(new URL("./load-runner.ts", import.meta.url));

/** Runs autocannon in a separate Node process and returns its summary. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const limitMs = (spec.warmupSeconds + spec.durationSeconds + spec.timeoutSeconds + 30) * 1000;
  return runChildJson<LoadResult>(runner, spec, limitMs);
}
