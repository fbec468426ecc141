# syntax=docker/dockerfile:1
# One image for every process of the platform. The command picks the process (docs/operations.md):
#   node dist/gateway/main.js                 a gateway (the default; with SUBGRAPH_URLS unset, the whole platform)
#   node dist/subgraphs/<module>/main.js      one module in split mode (SUBGRAPH_PORT), with its background work
# These are the commands test/gateway/split-topology.test.ts runs.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Built code, production dependencies, and the source assets read at run time (supergraph, OpenAPI, REST operations, the chat widget script).
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/schema ./schema
COPY --from=build --chown=root:root /app/rest-bridge/operations ./rest-bridge/operations
COPY --from=build --chown=root:root /app/subgraphs/support/widget/client ./subgraphs/support/widget/client
# Read-only code, run as the image's unprivileged user.
USER node
EXPOSE 4000 4001
# /healthz of whichever process this is: HEALTH_PORT, else the gateway's PORT (4000).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.HEALTH_PORT || process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/gateway/main.js"]
