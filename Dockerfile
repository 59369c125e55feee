# The wedding site as one image (docs/decisions/0052-the-container-image-and-compose.md).
#   docker build -t wedding-site .
#   docker run -v wedding-data:/data -p 3000:3000 wedding-site
# Everything the site writes is under the one volume /data: the SQLite database and the secrets
# file beside it, the photos and site media, the backups. Replacing the container loses nothing.

# ---- build: every dependency, the Remix build, then only production dependencies ----
FROM node:24-bookworm-slim AS build
# better-sqlite3 downloads a prebuilt binary for this Node; where that download is not possible it
# compiles itself, which needs these. They stay in this stage: the final image has no compiler.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci runs the preinstall check of the Node version first.
COPY server/node-version.mjs ./server/node-version.mjs
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- the site: Node, the build, production dependencies; runs as the unprivileged `node` user ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/data/wedding.sqlite \
    UPLOADS_DIR=/data/uploads \
    BACKUP_DIR=/data/backups
WORKDIR /app
# Owned by root and read-only to the site: only /data is written.
COPY --from=build /app/package.json /app/package-lock.json /app/server.mjs ./
COPY --from=build /app/server ./server
COPY --from=build /app/scripts/backup.mjs ./scripts/backup.mjs
COPY --from=build /app/scripts/lib/backup-bucket.mjs ./scripts/lib/backup-bucket.mjs
COPY --from=build /app/build ./build
COPY --from=build /app/node_modules ./node_modules
# A font for the installed site's icon: the couple's initials are drawn as text (the slim base has none).
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
# A new named volume takes this folder's owner, so the site (uid 1000) can write to it.
# `npm run backup` with no folder named writes to ./backups: that is the volume's backups too.
RUN mkdir -p /data/uploads /data/backups && chown -R node:node /data && ln -s /data/backups /app/backups
VOLUME /data
USER node
EXPOSE 3000
# /healthz answers 200 while the database and the photo store answer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.mjs"]
