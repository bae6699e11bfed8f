# The production recipe (README, "Production"): the compiled server and web build on production
# dependencies only, as a non-root user. No Docker engine runs on our machines, so the test
# apps/server/src/testing/production-recipe.test.ts (in `npm test`) replays this file on a clean copy of the
# repository: the build stage's RUN lines (npm commands only), the runtime stage's COPY --from=build lines,
# its ENV and its CMD. Keep to those forms, one instruction per line, so the replay stays exact.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
# glibc's malloc gives a freed buffer of 128 KB or more back to the system at once, as it does at first; left
# to itself it raises that bar to 32 MB after the first big free and keeps such buffers (decision 056: 7-10 MB
# less resident on a PostgreSQL replica). package.json's start script sets the same two.
ENV MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/packages/shared/package.json ./packages/shared/package.json
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/build ./apps/web/build
# The one folder the store writes: the embedded database (unused with DATABASE_URL) and the media.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# V8 keeps the heap near what is live (decision 048): a young generation of at most 8 MB a half, and a full
# collection once the heap has grown 20% past what survived the last one (not up to several times it).
# package.json's start script passes the same flags.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=20", "scripts/start.mjs"]
