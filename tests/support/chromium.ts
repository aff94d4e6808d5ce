/**
 * The two Debian builds of Chromium the browser tests drive (Playwright's own download cannot work
 * here). scripts/ensure-chromium.sh installs both.
 */

/** The browser visitors run: the screenshots, the benches and the back/forward-cache tests use it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The same engine without the browser around it (Debian's chromium-headless-shell, the build
 * Playwright itself uses for headless runs): about 40 % less CPU per test on a 2-core machine. It
 * has no back/forward cache and rasterizes slightly differently, so the tests of those two use
 * `chromiumPath`.
 */
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
