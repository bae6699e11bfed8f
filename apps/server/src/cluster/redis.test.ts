import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisAnswers, REDIS_URL } from "../testing/cluster/prerequisites";
import { createTestApp } from "../testing/test-app";
import { StartupError } from "../errors";
import { createRedisBroadcast, type Broadcast } from "./broadcast";
import { connectRedis } from "./redis";

const available = await redisAnswers();
if (!available)
  console.warn(`Redis does not answer at ${REDIS_URL}: the shared rate limit and broadcast tests are SKIPPED.`);

const silentLog = { info() {}, warn() {}, error() {} };
const until = async (check: () => boolean, ms = 3000) => {
  for (const end = Date.now() + ms; !check() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
};

describe.skipIf(!available)("Redis shared by replicas", () => {
  const prefix = `test:${randomBytes(4).toString("hex")}:`;
  const opened: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const thing of opened.reverse()) await thing.close();
  });

  async function broadcastOn(): Promise<Broadcast> {
    const publisher = await connectRedis(REDIS_URL, "test");
    const broadcast = await createRedisBroadcast(REDIS_URL, publisher, prefix, silentLog);
    opened.push({ close: () => publisher.quit() }, broadcast);
    return broadcast;
  }

  it("a change announced by one replica reaches the others, never itself, and only on its topic", async () => {
    const [a, b] = [await broadcastOn(), await broadcastOn()];
    const heard = { a: 0, b: 0, bOther: 0 };
    await a.subscribe("catalog", () => heard.a++);
    await b.subscribe("catalog", () => heard.b++);
    await b.subscribe("other", () => heard.bOther++);
    a.publish("catalog");
    await until(() => heard.b === 1);
    expect(heard).toEqual({ a: 0, b: 1, bOther: 0 });
  });

  it("a replica that loses Redis and comes back treats everything as changed (announcements meanwhile are lost)", async () => {
    const publisher = await connectRedis(REDIS_URL, "test");
    const broadcast = await createRedisBroadcast(REDIS_URL, publisher, prefix, silentLog);
    opened.push({ close: () => publisher.quit() }, broadcast);
    let heard = 0;
    await broadcast.subscribe("catalog", () => heard++);
    // Closes every client named store-broadcast: this one, and the first test's, which all reconnect.
    const admin = await connectRedis(REDIS_URL, "test-admin");
    opened.push({ close: () => admin.quit() });
    await admin.call("CLIENT", "KILL", "TYPE", "pubsub");
    await until(() => heard > 0, 5000);
    expect(heard).toBe(1);
  });

  describe("rate limits", () => {
    let apps: FastifyInstance[];
    beforeAll(async () => {
      const config = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, authRateLimitMax: 4 };
      apps = [await createTestApp({ seed: false, config }), await createTestApp({ seed: false, config })];
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
    });

    it("are counted once for all replicas: 4 log-ins a minute from one address, whichever replica answers", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await apps[i % 2]!.inject({
          method: "POST",
          url: "/api/login/",
          remoteAddress: "203.0.113.77",
          payload: { email: `nobody-${i}-${prefix}@example.in`, password: "wrong-password" },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    });

    it("another address has its own budget", async () => {
      const res = await apps[1]!.inject({
        method: "POST",
        url: "/api/login/",
        remoteAddress: "203.0.113.78",
        payload: { email: `someone-${prefix}@example.in`, password: "wrong-password" },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe("Redis configured but away", () => {
  it("stops start-up with a message that names the address and the way out", async () => {
    const failure = connectRedis("redis://127.0.0.1:1", "test");
    await expect(failure).rejects.toBeInstanceOf(StartupError);
    await expect(failure).rejects.toThrow(/127\.0\.0\.1:1 does not answer.*unset REDIS_URL/);
  });
});
