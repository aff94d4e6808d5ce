#!/usr/bin/env bash
# `npm run test:analytics`: the browser tests of visitor analytics with each service, and the byte
# budgets on each service's build (its origin, markup and privacy passages are bytes too). The
# PUBLIC_ANALYTICS_* settings are build-time, so each service gets its own build, reporting to the
# fake Plausible/Umami the Playwright config starts on E2E_ANALYTICS_PORT (tests/e2e/analytics.spec.ts);
# the default build (no analytics) is made again at the end, as the other tests expect it, unless
# the first argument is --leave-build (CI, where nothing runs after this).
set -euo pipefail
cd "$(dirname "$0")/.."
port="${E2E_ANALYTICS_PORT:-4392}"
export E2E_ANALYTICS_PORT="$port"
run() {
  echo "== visitor analytics with $1 =="
  PUBLIC_ANALYTICS_PROVIDER="$1" PUBLIC_ANALYTICS_SITE="$2" PUBLIC_ANALYTICS_ORIGIN="http://127.0.0.1:$port" \
    bash -c 'npm run build >/dev/null && npx playwright test tests/e2e/analytics.spec.ts tests/e2e/budgets.spec.ts'
}
status=0
run plausible www.humanwise.example || status=1
run umami 4f2b8a1e-9c3d-4e5f-8a7b-1c2d3e4f5a6b || status=1
if [ "${1:-}" != --leave-build ]; then
  echo "== the default build again (no analytics) =="
  npm run build >/dev/null
fi
exit "$status"
