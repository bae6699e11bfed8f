/**
 * The server's resident memory while it is under load. The API benchmark hosts the server in its own
 * process (autocannon and the checkout shoppers are children), so this process's RSS is the server's:
 * the JavaScript heap, Node's buffers and, on PGlite, the WASM engine's linear memory (which grows and is
 * never given back), all of it.
 */
export interface RssSampler {
  /** The largest RSS seen since the last `take` (bytes), and starts over. */
  take(): number;
  stop(): void;
}

export function startRssSampler(intervalMs = 100): RssSampler {
  let max = process.memoryUsage.rss();
  const timer = setInterval(() => {
    max = Math.max(max, process.memoryUsage.rss());
  }, intervalMs).unref();
  return {
    take() {
      const seen = Math.max(max, process.memoryUsage.rss());
      max = 0;
      return seen;
    },
    stop: () => clearInterval(timer),
  };
}

export const mb = (bytes: number) => Math.round(bytes / 1e6);
