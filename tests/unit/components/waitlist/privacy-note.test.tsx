// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WaitlistPlainForm } from '../../../../src/components/waitlist/WaitlistPlainForm.tsx';

describe('privacy line beside the submit button', () => {
  it('links the plain form to the privacy policy, in a new tab so the answers stay', () => {
    render(<WaitlistPlainForm values={{}} errors={{}} idempotencyKey="k-12345678" program={null} />);
    const link = screen.getByRole('link', { name: /privacy policy/i });
    expect(link.getAttribute('href')).toBe('/privacy-policy');
    expect(link.getAttribute('target')).toBe('_blank');
    const submit = screen.getByRole('button', { name: 'Submit' });
    // The same row as the button.
    expect(submit.parentElement?.contains(link)).toBe(true);
    expect(link.closest('p')?.textContent).toBe(
      'We use your answers only to follow up with you, as our privacy policy (opens in a new tab) explains.',
    );
  });
});
