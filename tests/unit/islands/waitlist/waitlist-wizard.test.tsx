// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { takeQueuedEvents } from '../../../../src/lib/analytics/events.ts';
import { WaitlistForm } from '../../../../src/islands/waitlist/WaitlistForm.tsx';
import WaitlistWizard from '../../../../src/islands/waitlist/WaitlistWizard.tsx';
import type { submitLead } from '../../../../src/islands/waitlist/submit-lead.ts';

// The wizard's cn() as the browser runs it, failing if a call would need tailwind-merge.
vi.mock('../../../../src/lib/cn.ts', () => import('../../../support/merge-free-cn.ts'));

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const stepLabel = (n: number) => screen.getByText(new RegExp(`^Step ${n} of 5`));

async function fillStepOne(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), '  Ada Lovelace  ');
  await user.type(screen.getByLabelText(/Work email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/Company name/), 'Analytical Engines Ltd');
  await user.click(screen.getByRole('radio', { name: 'Innovation Leader' }));
}

async function walkToLastStep(user: ReturnType<typeof userEvent.setup>) {
  await fillStepOne(user);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getAllByRole('checkbox')[0]!);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getAllByRole('checkbox')[1]!);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('radio', { name: '$5,000–$10,000' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

function renderForm(submit: typeof submitLead = vi.fn(async () => ({ kind: 'stored' as const, id: 'lead-1' }))) {
  const onStored = vi.fn();
  const onSend = vi.fn();
  render(
    <WaitlistForm
      program="orchestration"
      idempotencyKey="key-123456789"
      onSend={onSend}
      onStored={onStored}
      onCancel={vi.fn()}
      submit={submit}
    />,
  );
  return { onStored, onSend, submit };
}

describe('WaitlistForm', () => {
  it('moves no focus as it mounts (the dialog focuses the first field as it opens), and focuses each new step', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(document.body).toHaveFocus();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Step 2 of 5/)).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')[0]).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(/^Step 1 of 5/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveFocus();
  });

  it('keeps every step mounted: Next and Previous hide one and show another, the same fields', async () => {
    const user = userEvent.setup();
    renderForm();
    const name = screen.getByLabelText(/Full name/);
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Step 2 of 5/)).toBeInTheDocument();
    // Out of the accessibility tree while hidden, still in the document with its answer.
    expect(screen.queryByRole('textbox', { name: /Full name/ })).toBeNull();
    expect(name).not.toBeVisible();
    expect(name).toHaveValue('  Ada Lovelace  ');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(/^Step 1 of 5/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toBe(name);
    expect(name).toHaveFocus();
  });

  it('Next validates only step 1, with the spec messages, and stays; Previous is disabled on step 1', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(stepLabel(1)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select an option')).toBeInTheDocument();
    expect(stepLabel(1)).toBeInTheDocument();
    const name = screen.getByLabelText(/Full name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(name).toHaveFocus();
  });

  it('shows the next step in the tap itself once the answers pass, leaving no earlier message behind', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await fillStepOne(user);
    // A synchronous click: the step must change within it, not after a promise resolves.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepLabel(2)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(stepLabel(1)).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveValue('  Ada Lovelace  ');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please select an option')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('takes a message away as its answer is corrected, and leaves the others until theirs are', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    const name = screen.getByLabelText(/Full name/);
    await user.type(name, 'Ada');
    await waitFor(() => expect(screen.queryByText('Name is required')).not.toBeInTheDocument());
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAccessibleDescription();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Executive' }));
    await waitFor(() => expect(screen.queryByText('Please select an option')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Executive' })).not.toHaveAttribute('aria-invalid');
    // An answer still wrong keeps its message, as does one not touched yet.
    await user.type(screen.getByLabelText(/Work email/), 'ada@');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
  });

  it('shows "Tell us your role" only when Other is chosen, and it stays optional', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByLabelText(/Tell us your role/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.getByLabelText(/Tell us your role/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Full name/), 'Grace');
    await user.type(screen.getByLabelText(/Work email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/Company name/), 'Navy');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Step 2 of 5/)).toBeInTheDocument();
  });

  it('walks the five steps: each Next checks its own step, Previous goes back, step 5 shows Submit', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Step 2 of 5/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please select at least one option')).toBeInTheDocument();
    await user.click(screen.getAllByRole('checkbox')[0]!);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Step 3 of 5/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please select at least one frustration')).toBeInTheDocument();
    await user.click(screen.getAllByRole('checkbox')[2]!);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Step 4 of 5/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please select an option')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Under $2,500' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Step 5 of 5/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(/^Step 4 of 5/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Under $2,500' })).toBeChecked();
  });

  it('submits trimmed values with the idempotency key and the program, and logs them to the console', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { submit, onStored, onSend } = renderForm();
    await walkToLastStep(user);
    await user.type(screen.getByLabelText(/Anything else/), 'Q1 start');
    await user.click(screen.getByRole('checkbox', { name: /early access/ }));
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(onStored).toHaveBeenCalledOnce());
    // Told as the answers went, before the server's answer: a dialog closed meanwhile keeps them until it comes.
    expect(onSend).toHaveBeenCalledOnce();
    expect(onSend.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(submit).mock.invocationCallOrder[0]!);
    const [values, context] = vi.mocked(submit).mock.calls[0]!;
    expect(values).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'Innovation Leader',
      investment: '$5,000–$10,000',
      additionalInfo: 'Q1 start',
      earlyAccess: true,
    });
    expect(values.goal).toHaveLength(1);
    expect(values.frustrations).toHaveLength(1);
    expect(context).toEqual({ idempotencyKey: 'key-123456789', program: 'orchestration', honeypot: '' });
    expect(log).toHaveBeenCalledWith(expect.any(String), values);
    log.mockRestore();
  });

  it('says "Sending…" and takes no second press while the answers are on their way', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    let answer: (outcome: Awaited<ReturnType<typeof submitLead>>) => void = () => {};
    const submit = vi.fn<typeof submitLead>(() => new Promise((resolve) => (answer = resolve)));
    const { onStored } = renderForm(submit);
    await walkToLastStep(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce());
    await user.click(sending);
    answer({ kind: 'stored', id: 'lead-1' });
    await vi.waitFor(() => expect(onStored).toHaveBeenCalledOnce());
    expect(submit).toHaveBeenCalledOnce();
  });

  it('says Submit again and focuses the answer when the last step is refused before sending', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { submit } = renderForm();
    await walkToLastStep(user);
    const anythingElse = screen.getByLabelText(/Anything else/);
    await user.click(anythingElse);
    // A bidirectional override, which the schema refuses (it disguises text).
    await user.paste('Start in Q1\u202Eplease');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Additional information contains characters we cannot accept')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(anythingElse).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
  });

  it('keeps every value when the server fails, and shows its field errors when it refuses', async () => {
    const user = userEvent.setup();
    const submit = vi
      .fn<typeof submitLead>()
      .mockResolvedValueOnce({ kind: 'failed', message: 'We could not reach our server.' })
      .mockResolvedValueOnce({ kind: 'invalid', errors: { email: 'Invalid email address' } });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { onStored } = renderForm(submit);
    await walkToLastStep(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(onStored).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not add you to the waiting list');
    expect(screen.getByRole('alert')).toHaveTextContent('We could not reach our server. Your answers are kept.');
    expect(screen.getByText(/^Step 5 of 5/)).toBeInTheDocument();
    // The way forward is the form's own button, now saying so, with focus on it.
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Step 1 of 5/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Work email/)).toHaveValue('ada@example.com');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveValue('  Ada Lovelace  ');
  });
});

describe('WaitlistForm focus when a send fails', () => {
  it('leaves focus on a field the visitor went to while the answers were on their way', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    let fail = (_: Awaited<ReturnType<typeof submitLead>>) => {};
    const submit = vi.fn<typeof submitLead>(() => new Promise((resolve) => (fail = resolve)));
    renderForm(submit);
    await walkToLastStep(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const anythingElse = screen.getByLabelText(/Anything else/);
    await user.click(anythingElse);
    await act(async () => fail({ kind: 'failed', message: 'We could not reach our server.' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not reach our server. Your answers are kept.');
    expect(anythingElse).toHaveFocus();
  });
});

describe('WaitlistForm keys, honeypot and privacy line', () => {
  it('retries unchanged answers under the same key, and changed answers under a new one', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const submit = vi
      .fn<typeof submitLead>()
      .mockResolvedValue({ kind: 'failed', message: 'We could not reach our server.' });
    renderForm(submit);
    await walkToLastStep(user);
    const privacy = screen.getByRole('link', { name: /privacy policy/ });
    expect(privacy).toHaveAttribute('href', '/privacy-policy');
    // Each send ends with the button saying "Try again" again: waited for, not assumed, since the
    // failure is shown a render after the call.
    const tryAgain = () => screen.findByRole('button', { name: 'Try again' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await tryAgain());
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    await tryAgain();
    // The new answer put in at once: the failure gives focus back to "Try again" in an effect that
    // Preact may run after typing has begun, and a space typed then would press it.
    fireEvent.input(screen.getByLabelText(/Anything else/), { target: { value: 'Changed my mind' } });
    await user.click(await tryAgain());
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(3));
    await user.click(await tryAgain());
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(4));
    const keys = vi.mocked(submit).mock.calls.map(([, context]) => context.idempotencyKey);
    expect(keys[0]).toBe('key-123456789');
    expect(keys[1]).toBe('key-123456789');
    expect(keys[2]).not.toBe('key-123456789');
    expect(keys[3]).toBe(keys[2]);
  });

  it('after a 422 (the key holds other answers), "Try again" sends under a new key', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const submit = vi
      .fn<typeof submitLead>()
      .mockResolvedValueOnce({ kind: 'failed', message: 'We already have a submission.', keyConflict: true })
      .mockResolvedValueOnce({ kind: 'stored', id: 'lead-2' });
    const { onStored } = renderForm(submit);
    await walkToLastStep(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(onStored).toHaveBeenCalledOnce());
    const [first, second] = vi.mocked(submit).mock.calls.map(([, context]) => context.idempotencyKey);
    expect(second).not.toBe(first);
  });

  it('sends what a bot typed into the hidden field', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { submit } = renderForm();
    await walkToLastStep(user);
    const hidden = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(hidden?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(hidden?.tabIndex).toBe(-1);
    if (hidden) hidden.value = 'https://spam.example';
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce());
    expect(vi.mocked(submit).mock.calls[0]?.[1].honeypot).toBe('https://spam.example');
  });
});

describe('WaitlistWizard', () => {
  it('opens from a Join link, and closing resets the form to step 1 with empty fields', async () => {
    const user = userEvent.setup();
    render(
      <>
        <a href="/waitlist?program=ripple-effect" data-waitlist-trigger="" data-program="ripple-effect">
          Join the Waiting List
        </a>
        <WaitlistWizard />
      </>,
    );
    await user.click(screen.getByRole('link', { name: 'Join the Waiting List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join the Waiting List' });
    await fillStepOne(user);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(/^Step 2 of 5/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/^Step 2 of 5/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Join the Waiting List' }));
    const reopened = await screen.findByRole('dialog', { name: 'Join the Waiting List' });
    expect(within(reopened).getByText(/^Step 1 of 5/)).toBeInTheDocument();
    expect(within(reopened).getByLabelText(/Full name/)).toHaveValue('');
    await act(async () => {});
  });

  describe('with an analytics service', () => {
    beforeAll(() => document.documentElement.setAttribute('data-analytics-provider', 'plausible'));
    afterEach(() => {
      takeQueuedEvents();
      document.body.innerHTML = '';
    });

    const joinLink = (
      <a href="/waitlist?program=orchestration" data-waitlist-trigger="" data-program="orchestration">
        Join the Waiting List
      </a>
    );

    it('waits with the form in the closed dialog, and a tap shows it and counts the opening and step 1 once', async () => {
      const user = userEvent.setup();
      render(
        <>
          {joinLink}
          <WaitlistWizard program="orchestration" />
        </>,
      );
      // Mounted while idle, before anyone opens the dialog: nothing is counted for it.
      await waitFor(() => expect(document.querySelector('dialog:not([open]) form')).not.toBeNull());
      expect(takeQueuedEvents()).toEqual([]);

      await user.click(screen.getByRole('link', { name: 'Join the Waiting List' }));
      const dialog = await screen.findByRole('dialog', { name: 'Join the Waiting List' });
      // Made modal, with focus on its first field, in the task after the frame that shows it.
      await waitFor(() => expect(within(dialog).getByLabelText(/Full name/)).toHaveFocus());
      await fillStepOne(user);
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      expect(await within(dialog).findByText(/^Step 2 of 5/)).toBeInTheDocument();
      const props = { program: 'orchestration' };
      // Step 2 is counted in an effect after its render.
      const counted: ReturnType<typeof takeQueuedEvents> = [];
      await waitFor(() => {
        counted.push(...takeQueuedEvents());
        expect(counted).toHaveLength(3);
      });
      expect(counted).toEqual([
        { name: 'Waiting list opened', props },
        { name: 'Waiting list step', props: { step: '1', ...props } },
        { name: 'Waiting list step', props: { step: '2', ...props } },
      ]);
    });

    it('opens at once when tapped before the form was mounted, and for the program of the link tapped', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        render(
          <>
            <a href="/waitlist?program=ripple-effect" data-waitlist-trigger="" data-program="ripple-effect">
              Join the Waiting List
            </a>
            <WaitlistWizard program="orchestration" />
          </>,
        );
        expect(document.querySelector('dialog form')).toBeNull();
        const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
        const link = screen.getByRole('link', { name: 'Join the Waiting List' });
        link.focus();
        act(() => link.click());
        // Shown in the tap, as it will look, but not yet modal, and no focus moved.
        const dialog = screen.getByRole('dialog', { name: 'Join the Waiting List' });
        expect(within(dialog).getByText(/^Step 1 of 5/)).toBeInTheDocument();
        expect(dialog).toHaveAttribute('data-opening');
        expect(showModal).not.toHaveBeenCalled();
        expect(link).toHaveFocus();
        // Made modal in the task after the frame that shows it, with focus on its first field.
        await act(async () => {
          await new Promise((frame) => requestAnimationFrame(frame));
          vi.runOnlyPendingTimers();
        });
        expect(showModal).toHaveBeenCalledOnce();
        expect(dialog).not.toHaveAttribute('data-opening');
        expect(within(dialog).getByLabelText(/Full name/)).toHaveFocus();
        showModal.mockRestore();
        expect(takeQueuedEvents()).toEqual([
          { name: 'Waiting list opened', props: { program: 'ripple-effect' } },
          { name: 'Waiting list step', props: { step: '1', program: 'ripple-effect' } },
        ]);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
