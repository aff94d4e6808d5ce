// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// One test, in order: the module keeps whether sonner has arrived, as the page does.
describe('SuccessToaster', () => {
  it('renders no toaster until sonner is loaded, then shows a toast asked for before it arrived, announced', async () => {
    // A fresh copy of the module: test files share their worker's modules (vitest.config.ts), and
    // the wizard's tests load sonner into the copy they use.
    vi.resetModules();
    const { loadSuccessToast, showSuccessToast, SuccessToaster } = await import(
      '../../../../src/islands/waitlist/SuccessToaster.tsx'
    );
    window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
    render(<SuccessToaster />);
    // Only the empty status region kept for a message sonner could not be loaded to show.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: /^Notifications/ })).toBeNull();

    // Asked for before sonner came: it loads, the toaster mounts, and then the toast shows in it.
    act(() => showSuccessToast('Success!', "You've been added to the waiting list."));
    const region = await screen.findByRole('region', { name: /^Notifications/ });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText("You've been added to the waiting list.")).toBeInTheDocument();

    // Loaded already: a second toast shows at once in the same region, and loading again is harmless.
    loadSuccessToast();
    act(() => showSuccessToast('Saved again', 'Second message.'));
    expect(await screen.findByText('Saved again')).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: /^Notifications/ })).toHaveLength(1);
  });
});
