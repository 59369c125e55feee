#!/bin/sh
# The postgres profile's secrets (compose.yaml, service `secrets`): generated once into the
# `profile-secrets` volume, never committed, never typed by anyone, kept across upgrades.
#   postgres_password  the database user's password (POSTGRES_PASSWORD_FILE)
#   minio_password     the object store's root password (MINIO_ROOT_PASSWORD_FILE)
#   site.env           what the site reads at start (node --env-file-if-exists): the database and
#                      bucket addresses with those passwords, the cookie secret, the admin password
# The admin password is printed once, when it is made: `docker compose logs secrets`.
set -eu
cd "${SECRETS_DIR:-/secrets}"
umask 077

# 32 random bytes as 43 URL-safe characters (no characters a URL or an env file would need to escape).
random() { head -c 32 /dev/urandom | base64 | tr -d '\n=' | tr '+/' '-_'; }

[ -s postgres_password ] || random >postgres_password
[ -s minio_password ] || random >minio_password
if [ ! -s site.env ]; then
  admin_password="$(random | head -c 20)"
  {
    echo "DATABASE_URL=postgres://wedding:$(cat postgres_password)@postgres:5432/wedding"
    echo "STORAGE=s3"
    echo "S3_ENDPOINT=http://minio:9000"
    echo "S3_FORCE_PATH_STYLE=1"
    echo "S3_BUCKET=wedding-gallery"
    echo "S3_ACCESS_KEY_ID=wedding"
    echo "S3_SECRET_ACCESS_KEY=$(cat minio_password)"
    echo "SESSION_SECRET=$(random)"
    echo "ADMIN_PASSWORD=$admin_password"
  } >site.env.tmp
  mv site.env.tmp site.env
  echo ""
  echo "==== First start with PostgreSQL: keep this ===="
  echo "Admin password (generated, shown only this once): $admin_password"
  echo "================================================="
  echo ""
fi
# The database (uid 999 in postgres's image), the object store and the site (uid 1000) read them.
chmod 0444 postgres_password minio_password site.env
