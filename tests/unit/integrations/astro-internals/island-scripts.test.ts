import { describe, expect, it } from 'vitest';
import { isAstroPrescript } from '../../../src/build/island-scripts.mjs';

describe('isAstroPrescript', () => {
  it("recognises Astro's island runtime and a directive's registration", () => {
    expect(isAstroPrescript('(()=>{class f extends HTMLElement{};customElements.define("astro-island",f)})();')).toBe(
      true,
    );
    expect(
      isAstroPrescript(
        '(()=>{var p=1;(self.Astro||(self.Astro={})).afterpaint=p;window.dispatchEvent(new Event("astro:afterpaint"));})();',
      ),
    ).toBe(true);
  });

  it('leaves every other inline script in the page', () => {
    expect(isAstroPrescript('var e=document.getElementById(`programs-trigger`);')).toBe(false);
    expect(isAstroPrescript('window.dispatchEvent(new Event("astro:page-load"))')).toBe(false);
  });
});
