import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './button.css';

/** Spec (content §2): big, small-green and small-red buttons, each with a loading state. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'green' | 'red';
export type ButtonSize = 'big' | 'small';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  children: ReactNode;
};

export function Button({
  variant = 'primary',
  size = 'big',
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, `button--${size}`, loading ? 'button--loading' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <span className="button__spinner" aria-hidden /> : null}
      <span className="button__label">{children}</span>
    </button>
  );
}

/** Link styled as a button, for calls to action that navigate. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'big') {
  return `button button--${variant} button--${size}`;
}
