/**
 * Child process of the page benchmark: the store with server rendering from a production build, on a
 * free loopback port; with --api (bench/peer.ts), the API only, paying through the provider simulator (or, with
 * --provider, through a provider process). Prints one JSON line {"origin": ...} when ready; exits on SIGTERM or when its
 * parent closes stdin (so it never outlives a crashed benchmark).
 */
import { resolve } from "node:path";
import { serveForParent, startBenchServer } from "./lib/app-server";
import { cliArgs, intArg, stringArg } from "./lib/args";
import { targetFromArgs } from "./lib/database";
import type { ProviderEndpoint } from "./lib/provider-child";
import { VISITOR } from "./lib/visitor";

const args = cliArgs(
  "serve.ts (--web-build DIR | --api [--port N --provider JSON]) [--database-url URL | --data-dir PATH] [--media-dir PATH]",
  {
    api: { type: "boolean" },
    port: { type: "string" },
    provider: { type: "string" },
    "database-url": { type: "string" },
    "data-dir": { type: "string" },
    "web-build": { type: "string" },
    "media-dir": { type: "string" },
  },
);
// Static file roots must be absolute; relative paths mean relative to where this was started.
const absolute = (value: unknown) => (stringArg(value) === undefined ? undefined : resolve(String(value)));
const server = await startBenchServer({
  database: targetFromArgs("pages", stringArg(args["database-url"]), absolute(args["data-dir"])),
  ssr: args.api ? "none" : "build",
  webBuildDir: absolute(args["web-build"]),
  mediaDir: absolute(args["media-dir"]),
  paymentSimulator: Boolean(args.api),
  // bench/peer.ts: pay through a provider process (lib/provider-child.ts), on the port it was told of.
  provider: args.provider ? (JSON.parse(String(args.provider)) as ProviderEndpoint) : undefined,
  port: args.port ? intArg(args.port, 0, "port") : undefined,
  cdnCountryHeader: VISITOR.countryHeader,
});
serveForParent(server);
