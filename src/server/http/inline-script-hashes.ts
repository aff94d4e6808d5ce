import { createHash } from 'node:crypto';
import type { StaticAsset } from './static-files.ts';

const inlineScript = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** sha256 CSP sources for the executable inline scripts in the given HTML (JSON-LD is data, not script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(inlineScript)) {
    if (/type=["']?application\/(ld\+)?json/i.test(attributes) || body.length === 0) continue;
    hashes.push(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
  return hashes;
}

/**
 * Every inline script hash across the built pages: the policy for pages rendered on demand, which
 * reuse the same scripts (each built page is sent with only its own, see StaticAsset.scriptHashes).
 */
export function collectScriptHashes(assets: Map<string, StaticAsset>): string[] {
  const all = new Set<string>();
  for (const asset of assets.values()) for (const hash of asset.scriptHashes ?? []) all.add(hash);
  return [...all].sort();
}
