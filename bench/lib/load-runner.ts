/**
 * Child process: runs one autocannon load against the server and prints a LoadResult as JSON. It runs
 * apart from the server so the load generator never competes with it for the same event loop.
 */
import autocannon, { type Request, type Result } from "autocannon";
import type { LoadRequest, LoadResult, LoadSpec } from "./load";

const round2 = (n: number) => Math.round(n * 100) / 100;

const withMethod = (r: LoadRequest) => ({ ...r, method: r.method ?? "GET" });

/** One request that becomes the next of `requests` each time any connection sends it. */
function sharedOrder(requests: LoadRequest[]): Request {
  let next = 0;
  return {
    setupRequest: (request) => ({ ...request, ...withMethod(requests[next++ % requests.length]!) }),
  };
}

function run(spec: LoadSpec): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: spec.origin,
        connections: spec.connections,
        duration: spec.durationSeconds,
        timeout: spec.timeoutSeconds,
        headers: spec.headers,
        requests: spec.sharedOrder ? [sharedOrder(spec.requests)] : spec.requests.map(withMethod),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
if (spec.warmupSeconds > 0) await run({ ...spec, durationSeconds: spec.warmupSeconds });
const r = await run(spec);
const result: LoadResult = {
  requestsPerSecond: round2(r.requests.average),
  completed: r.latency.totalCount,
  latencyMs: {
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    mean: round2(r.latency.mean),
    max: r.latency.max,
  },
  socketErrors: r.errors,
  timeouts: r.timeouts,
  non2xx: r.non2xx,
  statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
  durationSeconds: r.duration,
};
process.stdout.write(JSON.stringify(result));
