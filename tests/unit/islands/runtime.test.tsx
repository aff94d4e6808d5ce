// @vitest-environment jsdom
import * as compat from 'preact/compat';
import * as React from 'react';
import { expect, inject, it } from 'vitest';

// The islands' tests run twice: on React, which renders them at build time, and on preact/compat,
// which runs them in the browser. This proves each project really has the runtime it claims.
it('renders with the runtime its project names', () => {
  const onPreact = React.createElement === compat.createElement;
  expect(onPreact ? 'preact' : 'react').toBe(inject('componentRuntime'));
});
