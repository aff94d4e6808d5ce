#!/usr/bin/env bash
# Starts a local PostgreSQL for the store tests and prints a connection URL on stdout.
# Installs Debian's postgresql when missing (root only). Idempotent: safe to run twice.
set -euo pipefail
log() { echo "$@" >&2; }

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  if [ "$(id -u)" != "0" ]; then
    log "PostgreSQL is not installed and we are not root: skipping the PostgreSQL tests."
    exit 0
  fi
  log "Installing Debian's postgresql..."
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi

version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >&2
fi
pg_ctlcluster "$version" main start >&2 2>/dev/null || true

for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done

# The reliability suite's timed scenarios (tests/reliability/priority.ts) run their servers at a
# raised priority, and on PostgreSQL (two instances delivering leads within a bound, two behind
# nginx within its bounds) each of their answers waits on this database: it runs at the same
# priority, where permitted. Its backends, forked from the postmaster, inherit it.
if [ "$(id -u)" = "0" ]; then
  postmaster=$(head -n 1 "/var/lib/postgresql/$version/main/postmaster.pid" 2>/dev/null || true)
  if [ -n "$postmaster" ]; then renice -n -10 -p "$postmaster" >/dev/null 2>&1 || true; fi
fi

run_psql() { su postgres -c "psql -v ON_ERROR_STOP=1 -qtA -c \"$1\"" ; }
if [ "$(run_psql "SELECT 1 FROM pg_roles WHERE rolname = 'leads_test'")" != "1" ]; then
  run_psql "CREATE ROLE leads_test LOGIN PASSWORD 'leads_test'" >&2
fi
if [ "$(run_psql "SELECT 1 FROM pg_database WHERE datname = 'leads_test'")" != "1" ]; then
  run_psql "CREATE DATABASE leads_test OWNER leads_test" >&2
fi
echo "postgres://leads_test:leads_test@127.0.0.1:5432/leads_test"
