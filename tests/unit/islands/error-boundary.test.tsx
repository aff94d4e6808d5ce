// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IslandErrorBoundary } from '../../../src/islands/IslandErrorBoundary.tsx';

function Broken(): never {
  throw new Error('boom');
}

describe('IslandErrorBoundary', () => {
  it('shows its children while they render', () => {
    render(
      <IslandErrorBoundary>
        <p>Articles</p>
      </IslandErrorBoundary>,
    );
    expect(screen.getByText('Articles')).toBeInTheDocument();
  });

  it('replaces a failing island with "Unexpected Application Error!" and logs the error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <IslandErrorBoundary>
        <Broken />
      </IslandErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
