// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WaitlistPlainForm } from '../../../../src/components/waitlist/WaitlistPlainForm.tsx';
import { fieldLabels } from '../../../../src/lib/waitlist/schema.ts';

/**
 * The asterisk that marks a required answer is hidden from screen readers, so each required
 * question must say so itself: a text field by its required state, a group of options (which has
 * no required state of its own) in its name. The wizard lays out the same fields.
 */
describe('required answers, as a screen reader hears them', () => {
  it('says which questions must be answered, and only those', () => {
    render(<WaitlistPlainForm values={{}} errors={{}} idempotencyKey="k-12345678" program={null} />);
    for (const field of ['name', 'email', 'companyName'] as const)
      expect(screen.getByRole('textbox', { name: fieldLabels[field].label })).toBeRequired();
    for (const field of ['role', 'goal', 'frustrations', 'investment'] as const)
      expect(screen.getByRole('group', { name: `${fieldLabels[field].label} (required)` })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: fieldLabels.roleOther.label })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: fieldLabels.additionalInfo.label })).not.toBeRequired();
  });
});
