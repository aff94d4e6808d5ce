# syntax=docker/dockerfile:1
# The site as a container: a build stage with every dependency, then a small runtime stage with
# production dependencies only, the build output and the server's own code, run as a non-root user.
# .ci/check-runtime-stage.ts copies exactly what the runtime stage copies and runs it (README, "Deploy").
#
# Build-time settings (SITE_URL and every PUBLIC_*, CMS_MODE, KEYSTATIC_GITHUB_REPO: the names in
# src/config/build-settings.ts) are baked into the pages, so they are build arguments, passed again
# to the runtime stage (the server refuses a build made with other values):
#   docker build --build-arg SITE_URL=https://www.humanwise.co --build-arg PUBLIC_CONTACT_EMAIL=... .
#
# The editor (README, "The editor: for the operator"): the image supports CMS_MODE=off (the default) and
# CMS_MODE=github (--build-arg CMS_MODE=github --build-arg KEYSTATIC_GITHUB_REPO=owner/name
# --build-arg PUBLIC_KEYSTATIC_GITHUB_APP_SLUG=...; each save is a commit and the deploy rebuilds
# the image). Not local: publishing in local mode rebuilds the site on the server, which needs the
# sources and the build toolchain; the runtime stage has neither, and the server refuses to start.
#
# Base images are pinned by digest (the multi-platform index), so a build always starts from the
# same bytes and a retagged upstream image never flows in unreviewed. The tag stays beside it in a
# comment. Refresh both FROM lines together when Node 24 has a security release:
#   docker buildx imagetools inspect node:24-slim   (the "Digest:" line), then run the full CI.

# node:24-slim (Node 24.21.0, Debian bookworm), index digest as of 2026-10-03
FROM node:24-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6 AS build
WORKDIR /app
# `npm ci`: exactly the lock (which lists every platform's optional builds), or a failure.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG SITE_URL PUBLIC_BOOKING_URL PUBLIC_LINKEDIN_URL PUBLIC_CONTACT_EMAIL
ARG CMS_MODE KEYSTATIC_GITHUB_REPO PUBLIC_KEYSTATIC_GITHUB_APP_SLUG
ARG PUBLIC_ANALYTICS_PROVIDER PUBLIC_ANALYTICS_SITE PUBLIC_ANALYTICS_ORIGIN
RUN npm run build

# node:24-slim (Node 24.21.0), the same digest as the build stage
FROM node:24-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6 AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    SQLITE_PATH=/data/leads.sqlite
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY src/server ./src/server
COPY src/lib ./src/lib
COPY src/config ./src/config
# The site identity (content, read by src/config/site.ts) and its schema.
COPY src/content/site.json ./src/content/site.json
COPY src/content/schemas/site.ts ./src/content/schemas/site.ts
ARG SITE_URL PUBLIC_BOOKING_URL PUBLIC_LINKEDIN_URL PUBLIC_CONTACT_EMAIL
ARG CMS_MODE KEYSTATIC_GITHUB_REPO PUBLIC_KEYSTATIC_GITHUB_APP_SLUG
ARG PUBLIC_ANALYTICS_PROVIDER PUBLIC_ANALYTICS_SITE PUBLIC_ANALYTICS_ORIGIN
ENV SITE_URL=$SITE_URL \
    PUBLIC_BOOKING_URL=$PUBLIC_BOOKING_URL \
    PUBLIC_LINKEDIN_URL=$PUBLIC_LINKEDIN_URL \
    PUBLIC_CONTACT_EMAIL=$PUBLIC_CONTACT_EMAIL \
    CMS_MODE=$CMS_MODE \
    KEYSTATIC_GITHUB_REPO=$KEYSTATIC_GITHUB_REPO \
    PUBLIC_KEYSTATIC_GITHUB_APP_SLUG=$PUBLIC_KEYSTATIC_GITHUB_APP_SLUG \
    PUBLIC_ANALYTICS_PROVIDER=$PUBLIC_ANALYTICS_PROVIDER \
    PUBLIC_ANALYTICS_SITE=$PUBLIC_ANALYTICS_SITE \
    PUBLIC_ANALYTICS_ORIGIN=$PUBLIC_ANALYTICS_ORIGIN
# The SQLite store's directory (unused when DATABASE_URL points at PostgreSQL), owned by the
# image's unprivileged `node` user: the one place the server writes. Everything else can be
# read-only (compose.yaml runs it with `read_only: true`, a tmpfs /tmp and no capabilities;
# .ci/check-runtime-stage.ts proves nothing else is written).
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 4321
# The slim image has no curl: node asks /healthz (200 when the server and its store answer).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm: SIGTERM from `docker stop` reaches the server, which drains and exits 0.
CMD ["node", "src/server/launch.mjs"]
