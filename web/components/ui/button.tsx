import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
};
/** On a touch screen every button is at least 44 px tall, whatever its size on a desktop. */
const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 px-3 text-sm pointer-coarse:h-11',
  md: 'h-10 gap-2 px-4 text-sm pointer-coarse:h-11',
  lg: 'h-12 gap-2 px-6 text-base',
};

/**
 * A disabled button of any variant is faded and flat, so it never looks like one that works; a
 * pending one (disabled while its action runs) keeps its colours and shows a spinner instead.
 */
const DISABLED = 'disabled:cursor-not-allowed disabled:opacity-45 disabled:shadow-none';
const PENDING = 'cursor-progress';

export const buttonClass = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md', pending = false) =>
  `inline-flex items-center justify-center rounded-lg font-medium transition-colors ${VARIANTS[variant]} ${SIZES[size]} ${pending ? PENDING : DISABLED}`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button and shows a spinner while an action is pending. */
  pending?: boolean;
  icon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', pending = false, icon, className = '', children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={`${buttonClass(variant, size, pending)} ${className}`}
      {...rest}
    >
      {pending ? <Spinner className="size-4" /> : icon}
      {children}
    </button>
  );
});
