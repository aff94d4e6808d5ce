import { createHash } from 'node:crypto';

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
 * Every hash in the given lists, once, sorted: across the built pages, the policy for pages rendered
 * on demand, which reuse the same scripts (each built page is sent with only its own).
 */
export function collectScriptHashes(lists: Iterable<readonly string[] | undefined>): string[] {
  const all = new Set<string>();
  for (const hashes of lists) for (const hash of hashes ?? []) all.add(hash);
  return [...all].sort();
}
