import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { buttonVariants, type ButtonVariantProps } from './button-variants.ts';

type AsButton = ButtonHTMLAttributes<HTMLButtonElement> & { href?: undefined; ref?: Ref<HTMLButtonElement> };
type AsLink = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer". */
  external?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

export type ButtonProps = ButtonVariantProps & (AsButton | AsLink);

/** A button, or a link that looks like one when given `href`. */
export function Button(props: ButtonProps) {
  const { variant, size, className, ...rest } = props;
  const classes = cn(buttonVariants({ variant, size }), className);
  if (rest.href !== undefined) {
    const { external, ...anchor } = rest as AsLink;
    const newTab = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
    return (
      <a {...anchor} {...newTab} className={classes}>
        {anchor.children}
        {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </a>
    );
  }
  const { type = 'button', ...button } = rest as AsButton;
  return <button type={type} {...button} className={classes} />;
}
