// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccessToast, SuccessToaster } from '../../../../src/islands/waitlist/SuccessToaster.tsx';

const TITLE = 'Success!';
const TEXT = "You've been added to the waiting list. We'll be in touch soon.";

describe('SuccessToaster', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('keeps its live region on the page, empty, and shows a message in it with a close button', () => {
    render(<SuccessToaster />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    act(() => showSuccessToast(TITLE, TEXT));
    expect(screen.getByRole('status')).toHaveTextContent(`${TITLE}${TEXT}`);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('goes after five seconds, and waits while pointed at', () => {
    render(<SuccessToaster />);
    act(() => showSuccessToast(TITLE, TEXT));
    const toast = screen.getByRole('status').parentElement!;
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toHaveTextContent(TITLE);

    // Five seconds more once the pointer leaves.
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('status')).toHaveTextContent(TITLE);
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows one message at a time: a second replaces the first, with its own five seconds', () => {
    render(<SuccessToaster />);
    act(() => showSuccessToast(TITLE, TEXT));
    act(() => vi.advanceTimersByTime(3000));
    act(() => showSuccessToast('Saved again', 'Second message.'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved againSecond message.');
    expect(screen.queryByText(TITLE)).toBeNull();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('Saved again');
  });

  it('takes focus to the toast on Alt+T, then Tab reaches its close button, and focus goes back after', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Join the Waiting List</button>
        <SuccessToaster />
      </>,
    );
    const join = screen.getByRole('button', { name: 'Join the Waiting List' });
    join.focus();
    act(() => showSuccessToast(TITLE, TEXT));
    await user.keyboard('{Alt>}t{/Alt}');
    expect(screen.getByRole('status').parentElement).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(join).toHaveFocus();
  });

  it('puts a message shown under a modal dialog in again once that dialog has closed and a frame passed', () => {
    render(
      <>
        <dialog data-testid="wizard">
          <p>Join the Waiting List</p>
        </dialog>
        <SuccessToaster />
      </>,
    );
    const dialog = screen.getByTestId('wizard') as HTMLDialogElement;
    // jsdom has no top layer: the page's test (tests/e2e/waitlist.spec.ts) has the real one.
    const modal = vi
      .spyOn(document, 'querySelector')
      .mockImplementation((selector: string) => (selector === 'dialog:modal' ? dialog : null));
    act(() => showSuccessToast(TITLE, TEXT));
    modal.mockRestore();
    const shownFirst = screen.getByText(TITLE);

    act(() => {
      dialog.dispatchEvent(new Event('close'));
    });
    expect(screen.getByText(TITLE)).toBe(shownFirst);
    act(() => vi.advanceTimersByTime(20));
    // The same words, in new nodes: what a screen reader is told of, now that the page is not inert.
    expect(screen.getByText(TITLE)).not.toBe(shownFirst);
    expect(screen.getByRole('status')).toHaveTextContent(`${TITLE}${TEXT}`);
  });
});
