#!/usr/bin/env bash
# Makes sure Debian's nginx is installed: the reliability suite's multi-instance scenario runs two
# servers behind it. Installs it when missing (root only); the package's own service is never used
# (the suite starts nginx itself on loopback ports with a generated config). Idempotent.
set -euo pipefail
log() { echo "$@" >&2; }

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  log "nginx is not installed and we are not root: the multi-instance scenario will be skipped."
  exit 0
fi
log "Installing Debian's nginx..."
# A policy-rc.d answering 101 keeps the package from starting its own service on port 80; one we
# add is removed afterwards, one already there (containers ship one) is left as it was.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >&2
