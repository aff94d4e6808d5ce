// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from '../../../../src/components/ui/Button.tsx';
import { buttonSizeNames, buttonVariantNames, buttonVariants } from '../../../../src/components/ui/button-variants.ts';

describe('button variants', () => {
  it('are exactly the eight the spec names, in four sizes', () => {
    expect(buttonVariantNames).toEqual([
      'default',
      'destructive',
      'outline',
      'secondary',
      'ghost',
      'link',
      'hero',
      'luminous',
    ]);
    expect(buttonSizeNames).toEqual(['default', 'sm', 'lg', 'icon']);
  });

  it('give every variant and size its own classes', () => {
    const variantClasses = buttonVariantNames.map((variant) => buttonVariants({ variant }));
    expect(new Set(variantClasses).size).toBe(buttonVariantNames.length);
    const sizeClasses = buttonSizeNames.map((size) => buttonVariants({ size }));
    expect(new Set(sizeClasses).size).toBe(buttonSizeNames.length);
    expect(buttonVariants({ variant: 'hero' })).toContain('gradient-accent');
    expect(buttonVariants({ size: 'icon' })).toContain('size-11');
  });

  it('keeps tap targets at least 44px tall by default', () => {
    expect(buttonVariants()).toContain('h-11');
  });
});

describe('<Button>', () => {
  it('renders a real button of type "button" by default', () => {
    render(<Button>Next</Button>);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('type', 'button');
  });

  it('renders a link when given href, and a safe new-tab link when external', () => {
    render(
      <>
        <Button href="/results">Our results</Button>
        <Button href="https://booking.example.com" external variant="hero">
          Schedule a Call
        </Button>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Our results' })).toHaveAttribute('href', '/results');
    expect(screen.getByRole('link', { name: 'Our results' })).not.toHaveAttribute('target');
    const external = screen.getByRole('link', { name: /^Schedule a Call ?\(opens in a new tab\)$/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('lets a caller override classes without losing the variant', () => {
    render(
      <Button variant="outline" className="w-full">
        Wide
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Wide' });
    expect(button.className).toContain('w-full');
    expect(button.className).toContain('border-line-strong');
  });
});
