# Multi-stage: build with dev dependencies, run with production ones only, as a non-root user.
# Node 26 (Active LTS); the image's own Node runs everything.
FROM node:26-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the one install script claimq allows is the `node` devDependency's download of
# a Node binary, which npm scripts use on machines whose own Node is older; this image has Node 26.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY ui ./ui
# prune keeps the NestJS peers (flagged peer, not dev, in the lock): the service runs on them
RUN npm run build && npm prune --omit=dev

FROM node:26-trixie-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
USER node
EXPOSE 3000
# SIGTERM reaches node directly (exec form): running jobs get SHUTDOWN_GRACE_MS to finish.
CMD ["node", "dist/main.js"]
