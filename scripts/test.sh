#!/usr/bin/env bash
# `npm test`: every test, unit and browser, against a fresh production build.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
npm run build
npx vitest run
npx playwright test
