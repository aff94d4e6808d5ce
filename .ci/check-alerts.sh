#!/usr/bin/env bash
# The Prometheus files in deploy/prometheus: the configuration's syntax, the alert rules
# (`promtool check rules`) and their unit tests (`promtool test rules`: for each alert, series
# that fire it and series that must not; the 14-day alert's in a file of its own, evaluated less
# often). promtool comes with Debian's `prometheus` package, installed here when missing (as
# root), the way ensure-nginx.sh installs nginx; its service is never started.
set -euo pipefail
cd "$(dirname "$0")/../deploy/prometheus"
log() { echo "$@" >&2; }

if ! command -v promtool >/dev/null 2>&1; then
  if [ "$(id -u)" != "0" ]; then
    log "promtool is missing and we are not root: install Debian's prometheus package (apt-get install prometheus)."
    exit 1
  fi
  log "Installing Debian's prometheus (for promtool)..."
  # A policy-rc.d answering 101 keeps the package from starting its own service; one we add is
  # removed afterwards, one already there (containers ship one) is left as it was.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >&2
fi

# --syntax-only: the token file the config names exists only inside the compose container.
promtool check config --syntax-only prometheus.yml
promtool check rules alerts.yml
promtool test rules alerts.test.yml alerts-14d.test.yml
