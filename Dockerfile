# syntax=docker/dockerfile:1
# The service as a container image. Two stages: `build` installs everything and compiles the
# server; `runtime` installs the server's production dependencies only (`npm ci --omit=dev`), copies the
# compiled packages it needs, and runs as the unprivileged `node` user. The idp emulator is a
# development dependency: a production start never loads it (NODE_ENV=production requires a provider).
# Node 24, the active LTS: Node 20 reached its end of life in April 2026 (the engines field still admits it,
# and the tests here run on it; the whole suite also passed on 24). On 24 the request scope's
# AsyncLocalStorage runs no promise hooks, and GET /users/me serves 1.25-1.5x the requests per second it
# does on Node 20 in the same rounds (docs/performance.md). Run it on PostgreSQL (DATABASE_URL):
# on the embedded PGlite, Node 24 peaks at about 900 MB while PGlite starts (about 500 MB on Node 20).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY packages ./packages
COPY apps ./apps
COPY examples ./examples
COPY tests/package.json ./tests/package.json
COPY bench/package.json ./bench/package.json
RUN npm ci --no-audit --no-fund --ignore-scripts
RUN npx tsc -b apps/server

FROM ${NODE_IMAGE} AS runtime
# NODE_OPTIONS: V8's old generation capped at 128 MB keeps the service near 150 MB resident under
# load (its live heap is about 40 MB). The young generation is held at 16 MB semi-spaces
# (heap limit 176 MB), Node 20's default: Node 24 would grow them to 64 MB and the service to about
# 200 MB; on Node 20, 1 MB ones measured slower and 8 MB no different (docs/performance.md).
# Raise the cap if you raise the token cache or run heavy exports.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-old-space-size=128 --max-semi-space-size=16" \
    PORT=3000 \
    DATA_DIR=/app/.data
WORKDIR /app
# Every workspace's manifest, so that the lockfile matches; only the server's production tree is installed.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/core/package.json ./packages/core/package.json
COPY --from=build /app/packages/adapters-idp/package.json ./packages/adapters-idp/package.json
COPY --from=build /app/packages/adapters-crypto/package.json ./packages/adapters-crypto/package.json
COPY --from=build /app/packages/adapters-payments/package.json ./packages/adapters-payments/package.json
COPY --from=build /app/packages/adapters-persistence/package.json ./packages/adapters-persistence/package.json
COPY --from=build /app/packages/adapters-http/package.json ./packages/adapters-http/package.json
COPY --from=build /app/packages/adapters-rate-limit/package.json ./packages/adapters-rate-limit/package.json
COPY --from=build /app/packages/adapters-notifications/package.json ./packages/adapters-notifications/package.json
COPY --from=build /app/packages/adapters-observability/package.json ./packages/adapters-observability/package.json
COPY --from=build /app/packages/adapters-documents/package.json ./packages/adapters-documents/package.json
COPY --from=build /app/packages/adapters-bot-check/package.json ./packages/adapters-bot-check/package.json
COPY --from=build /app/packages/adapters-jobs/package.json ./packages/adapters-jobs/package.json
COPY --from=build /app/packages/idp-emulator/package.json ./packages/idp-emulator/package.json
COPY --from=build /app/packages/payments-emulator/package.json ./packages/payments-emulator/package.json
COPY --from=build /app/packages/client/package.json ./packages/client/package.json
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/examples/embedding-node-http/package.json ./examples/embedding-node-http/package.json
COPY --from=build /app/tests/package.json ./tests/package.json
COPY --from=build /app/bench/package.json ./bench/package.json
RUN npm ci --omit=dev --workspace @idv/server --no-audit --no-fund --ignore-scripts \
 && npm cache clean --force
COPY --from=build /app/packages/core/dist ./packages/core/dist
COPY --from=build /app/packages/adapters-idp/dist ./packages/adapters-idp/dist
COPY --from=build /app/packages/adapters-crypto/dist ./packages/adapters-crypto/dist
COPY --from=build /app/packages/adapters-payments/dist ./packages/adapters-payments/dist
COPY --from=build /app/packages/adapters-persistence/dist ./packages/adapters-persistence/dist
COPY --from=build /app/packages/adapters-http/dist ./packages/adapters-http/dist
COPY --from=build /app/packages/adapters-rate-limit/dist ./packages/adapters-rate-limit/dist
COPY --from=build /app/packages/adapters-notifications/dist ./packages/adapters-notifications/dist
COPY --from=build /app/packages/adapters-observability/dist ./packages/adapters-observability/dist
COPY --from=build /app/packages/adapters-documents/dist ./packages/adapters-documents/dist
COPY --from=build /app/packages/adapters-bot-check/dist ./packages/adapters-bot-check/dist
COPY --from=build /app/packages/adapters-jobs/dist ./packages/adapters-jobs/dist
COPY --from=build /app/apps/server/dist ./apps/server/dist
# DATA_DIR: the embedded database when DATABASE_URL is unset (mount a volume there to keep it).
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
