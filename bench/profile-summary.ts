/**
 * `npx tsx bench/profile-summary.ts FILE.cpuprofile [--top N]`: where a V8 CPU profile (node --cpu-prof)
 * spent its time, by function and by package, idle time left out. For finding why an endpoint is
 * slow without a GUI.
 */
import { readFileSync } from "node:fs";
import { markdownTable } from "./lib/markdown";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, flag, value] = process.argv.slice(2);
if (!file) {
  console.log("usage: tsx bench/profile-summary.ts FILE.cpuprofile [--top N]");
  process.exit(1);
}
const top = flag === "--top" ? Number(value) : 25;
const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** "fastify", "@fastify/compress", "app: modules/catalog/service.ts", "node: zlib" or a V8 pseudo-frame. */
function owner(url: string, name: string): string {
  if (!url) return `(${name || "native"})`;
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const [scope, pkg] = url.slice(modules + "node_modules/".length).split("/");
    return scope?.startsWith("@") ? `${scope}/${pkg}` : (scope ?? url);
  }
  if (url.startsWith("node:")) return `node: ${url.slice(5).split("/")[0]}`;
  const app = url.indexOf("/src/");
  return app >= 0 ? `app: ${url.slice(app + 5)}` : url.replace(/^file:\/\//, "");
}

// Self time: each sample's delta belongs to the node on top of the stack at that moment.
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const functions = new Map<string, number>();
const owners = new Map<string, number>();
let busy = 0;
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id)?.callFrame;
  if (!frame || frame.functionName === "(idle)") continue;
  busy += micros;
  const where = owner(frame.url, frame.functionName);
  const key = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + micros);
  owners.set(where, (owners.get(where) ?? 0) + micros);
}

const rows = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, micros]) => [name, `${(micros / 1000).toFixed(0)} ms`, `${((micros / busy) * 100).toFixed(1)}%`]);
console.log(`busy (non-idle) time: ${(busy / 1000).toFixed(0)} ms\n`);
console.log(markdownTable(["package or file", "self time", "share"], rows(owners)));
console.log();
console.log(markdownTable(["function", "self time", "share"], rows(functions)));
