import { afterEach, describe, expect, it, vi } from 'vitest';
import { speculationWanted } from '../../../src/browser/speculation.ts';

describe('speculationWanted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('speculates where the browser can, unless the visitor saves data or is on 2G', () => {
    vi.stubGlobal('HTMLScriptElement', { supports: (type: string) => type === 'speculationrules' });
    expect(speculationWanted(undefined)).toBe(true);
    expect(speculationWanted({ effectiveType: '4g' })).toBe(true);
    expect(speculationWanted({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(speculationWanted({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(speculationWanted({ effectiveType: '2g' })).toBe(false);
    expect(speculationWanted({ effectiveType: 'slow-2g' })).toBe(false);
  });

  it('does nothing where the browser has no speculation rules', () => {
    vi.stubGlobal('HTMLScriptElement', { supports: () => false });
    expect(speculationWanted({ effectiveType: '4g' })).toBe(false);
  });
});
