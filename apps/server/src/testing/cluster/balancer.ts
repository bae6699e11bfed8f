import { request as httpRequest, createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Which replica answers a request: an index into the live replicas' origins. */
export type Policy = "round-robin" | "random" | ((path: string) => number | undefined);

export interface Balancer {
  origin: string;
  /** The replicas' origins; the balancer starts empty and learns them once they listen. */
  upstreams: string[];
  policy: Policy;
  /** Which upstream answered each request, by path (the last one wins). */
  servedBy: Map<string, string>;
  /** How many answers each upstream gave. */
  answers: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A load balancer as a real one would behave in front of the replicas: it spreads requests by its policy,
 * passes the client's address on in X-Forwarded-For (the replicas trust one hop), sends a request that
 * could not even connect (a killed replica) to the next replica, and answers 502 when a replica dies
 * while answering.
 */
export async function startBalancer(): Promise<Balancer> {
  let turn = 0;
  const down = new Set<string>();
  const balancer: Balancer = {
    origin: "",
    upstreams: [],
    policy: "round-robin",
    servedBy: new Map(),
    answers: new Map(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function pick(path: string, tried: Set<string>): string | undefined {
    const live = balancer.upstreams.filter((u) => !down.has(u) && !tried.has(u));
    if (live.length === 0) return undefined;
    const { policy } = balancer;
    if (typeof policy === "function") {
      const chosen = balancer.upstreams[policy(path) ?? -1];
      if (chosen && live.includes(chosen)) return chosen;
    }
    if (policy === "random") return live[Math.floor(Math.random() * live.length)];
    return live[turn++ % live.length];
  }

  function forward(
    incoming: IncomingMessage,
    body: Buffer,
    respond: (status: number, headers?: IncomingMessage["headers"], stream?: IncomingMessage) => void,
    tried = new Set<string>(),
  ): void {
    const path = incoming.url ?? "/";
    const upstream = pick(path, tried);
    if (!upstream) return respond(502);
    tried.add(upstream);
    const headers = { ...incoming.headers, "x-forwarded-for": incoming.headers["x-forwarded-for"] ?? "127.0.0.1" };
    const outgoing = httpRequest(`${upstream}${path}`, { method: incoming.method, headers }, (answer) => {
      balancer.servedBy.set(path, upstream);
      balancer.answers.set(upstream, (balancer.answers.get(upstream) ?? 0) + 1);
      respond(answer.statusCode ?? 502, answer.headers, answer);
    });
    outgoing.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ECONNREFUSED") {
        // Nothing reached the replica: it is down, and another may take the request.
        down.add(upstream);
        forward(incoming, body, respond, tried);
      } else respond(502);
    });
    outgoing.end(body);
  }

  const server: Server = createServer((incoming, reply) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () =>
      forward(incoming, Buffer.concat(chunks), (status, headers = {}, stream) => {
        if (reply.headersSent) return reply.destroy();
        reply.writeHead(status, headers);
        if (!stream) return reply.end();
        stream.pipe(reply);
        stream.on("error", () => reply.destroy());
        stream.on("aborted", () => reply.destroy());
      }),
    );
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  balancer.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return balancer;
}
