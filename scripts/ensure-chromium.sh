#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work here):
# the headless shell for most tests (far less CPU), the full browser for screenshots, the benches and
# the back/forward cache (tests/support/chromium.ts).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$chromium" ] && [ -x "$shell" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium and chromium-headless-shell for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
else
  echo "Chromium is missing: run 'sudo apt-get install -y chromium chromium-headless-shell' (or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH) and try again." >&2
  exit 1
fi
