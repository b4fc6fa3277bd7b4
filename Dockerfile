# The portal's production image: one image for every process (docker-compose.yml picks the command:
# dist/server/api.js, projector.js, worker.js, scale-bridge.js; start.js runs them all in one).
# Compiled JavaScript on the current Node LTS, run as the image's unprivileged `node` user.
ARG NODE_VERSION=26

# Build: every dependency, then the admin UI (Vite) and the server (esbuild) into dist/.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY . .
# `npm install`, not `npm ci`: npm 11 rejects its own lock file when other platforms' optional
# packages are missing from it (npm/cli#4828, #8320); the lock file still pins every version.
RUN npm install --no-audit --no-fund && npm run build

# Runtime dependencies only (no TypeScript, Vite, esbuild or test tools).
FROM node:${NODE_VERSION}-bookworm-slim AS runtime-dependencies
WORKDIR /app
COPY . .
RUN npm install --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-dependencies /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/apps/admin-ui/dist ./apps/admin-ui/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "dist/server/start.js"]
