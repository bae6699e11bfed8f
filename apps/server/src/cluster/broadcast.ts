import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { ServiceLog } from "../log";
import { connectRedis } from "./redis";

/** Tells the other replicas that something they cache has changed. */
export interface Broadcast {
  /** Announces a change of `topic` to every other replica (not back to this one). */
  publish(topic: string): void;
  /**
   * Calls `onChange` when another replica announces `topic`, and also whenever the subscription comes back
   * after Redis was away, since announcements made meanwhile are lost.
   */
  subscribe(topic: string, onChange: () => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Redis pub/sub: a subscribing connection of its own (Redis allows nothing else on it) and the shared one
 * for publishing. Each message carries its sender's id so a replica ignores its own.
 */
export async function createRedisBroadcast(
  url: string,
  publisher: Redis,
  prefix: string,
  log: ServiceLog,
): Promise<Broadcast> {
  const self = randomUUID();
  const subscriber = await connectRedis(url, "store-broadcast");
  const listeners = new Map<string, (() => void)[]>();
  const channel = (topic: string) => `${prefix}changed:${topic}`;

  subscriber.on("message", (name: string, sender: string) => {
    if (sender === self) return;
    for (const [topic, handlers] of listeners) if (channel(topic) === name) handlers.forEach((h) => h());
  });
  // Connected already, so every later "ready" is a comeback after Redis was away: ioredis subscribes again
  // by itself, and whatever was announced meanwhile is assumed changed.
  subscriber.on("ready", () => {
    for (const handlers of listeners.values()) handlers.forEach((h) => h());
  });

  return {
    publish(topic) {
      publisher.publish(channel(topic), self).catch((err: unknown) => {
        // The others see the change when their short cache TTL ends.
        log.warn({ err, topic }, "could not announce a change to the other replicas");
      });
    },
    async subscribe(topic, onChange) {
      const handlers = listeners.get(topic);
      if (handlers) return void handlers.push(onChange);
      listeners.set(topic, [onChange]);
      // Awaited, so a replica that starts serving already hears the others.
      await subscriber.subscribe(channel(topic));
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
