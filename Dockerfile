# The Foraging Journal server with its web build: `docker build -t foraging-journal .`
# (compose.yaml runs two of them behind HAProxy; docs/deploy.md explains the settings).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so a change of sources alone reuses the installed packages.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund
COPY . .
# apps/web/dist and apps/server/dist (the server's esbuild bundle, scripts/server-build.mjs).
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf apps/web/android apps/web/ios

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The bundle keeps native addons, the AWS SDK and a few packages in node_modules (see
# scripts/server-build.mjs), so the pruned node_modules comes along with the builds.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
