import { cva, type VariantProps } from 'class-variance-authority';

/**
 * The one definition of the button family, shared by React components and `.astro` files.
 * Sizes keep tap targets at least 44px tall except `sm`, used only inside dense UI.
 */
const base = [
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-ui font-semibold whitespace-nowrap',
  'transition-[background-color,color,box-shadow,translate] duration-150 ease-[var(--ease-soft)]',
  'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60',
  '[&_svg]:size-4 [&_svg]:shrink-0',
  // Forced colours (Windows High Contrast) drop backgrounds and shadows: a button with no border of
  // its own would read as a bare word, like a link. There it gets the system's border colour.
  'forced-colors:border',
];

const variants = {
  variant: {
    default: 'bg-ink text-paper hover:bg-ink-soft',
    destructive: 'bg-error text-white hover:bg-[#912018]',
    outline: 'border border-line-strong bg-transparent text-current hover:bg-ink/5',
    secondary: 'bg-stone text-ink hover:bg-[#e1d9cc]',
    ghost: 'bg-transparent text-current hover:bg-ink/5',
    link: 'h-auto px-0 text-violet-deep underline underline-offset-4 hover:decoration-2',
    hero: [
      'bg-[image:var(--gradient-accent)] text-night shadow-glow',
      'hover:-translate-y-px hover:[box-shadow:0_0_0_1px_rgb(182_156_255/0.4),0_14px_44px_-10px_rgb(182_156_255/0.6)]',
    ],
    luminous: [
      'border border-transparent text-on-night',
      '[background:linear-gradient(var(--color-night),var(--color-night))_padding-box,var(--gradient-accent)_border-box]',
      'hover:shadow-glow',
    ],
  },
  size: {
    default: 'h-11 px-5 text-base',
    sm: 'h-9 px-3 text-sm',
    // Large labels ("Schedule a Discovery Call") may wrap onto two balanced lines on a 320 px
    // phone rather than run out of their button: a minimum height, not a fixed one.
    lg: 'min-h-13 px-7 py-3 text-center text-lg text-balance whitespace-normal',
    icon: 'size-11',
  },
};

export const buttonVariants = cva(base, {
  variants,
  compoundVariants: [{ variant: 'link', className: 'h-auto px-0' }],
  defaultVariants: { variant: 'default', size: 'default' },
});

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
export type ButtonVariant = keyof typeof variants.variant;
export type ButtonSize = keyof typeof variants.size;
/** The names, read from the definition above (for tests and docs), never written out a second time. */
export const buttonVariantNames = Object.keys(variants.variant) as ButtonVariant[];
export const buttonSizeNames = Object.keys(variants.size) as ButtonSize[];
