#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work here).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH) and try again." >&2
  exit 1
fi
