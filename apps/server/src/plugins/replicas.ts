import rateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";
import { markCatalogStale, onCatalogChange } from "../modules/catalog/cache";

/**
 * What several replicas must share (decision 028). Without REDIS_URL: one process, rate limits counted in
 * its memory. With it: rate limits counted in Redis, so three replicas allow what one would, and each
 * committed catalogue change announced to the other replicas, whose caches start afresh.
 */
export const replicasPlugin = fp(async (app) => {
  const { config } = app;
  const limits = { max: config.rateLimitMax, timeWindow: "1 minute" };
  if (!config.redisUrl) {
    await app.register(rateLimit, limits);
    return;
  }

  // ioredis loads only where replicas share a Redis.
  const [{ connectRedis }, { createRedisBroadcast }] = await Promise.all([
    import("../cluster/redis"),
    import("../cluster/broadcast"),
  ]);
  const redis = await connectRedis(config.redisUrl, "store");
  const broadcast = await createRedisBroadcast(config.redisUrl, redis, config.redisKeyPrefix, app.log);
  await broadcast.subscribe("catalog", markCatalogStale);
  const stopAnnouncing = onCatalogChange(() => broadcast.publish("catalog"));
  app.addHook("onClose", async () => {
    stopAnnouncing();
    await broadcast.close();
    await redis.quit().catch(() => redis.disconnect());
  });

  // Redis away: requests go through uncounted rather than failing (the per-account login throttle is in
  // the database and still holds).
  await app.register(rateLimit, {
    ...limits,
    redis,
    nameSpace: `${config.redisKeyPrefix}rate-limit:`,
    skipOnError: true,
  });
});
