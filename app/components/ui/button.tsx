import { Link, useFormAction, useNavigation, type LinkProps } from 'react-router'
import { cn } from './cn'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'accent' | 'danger' | 'danger-outline' | 'ghost'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-900',
  secondary: 'border border-slate-400 bg-white text-slate-800 hover:bg-slate-50',
  outline: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
  accent: 'bg-accent-400 text-slate-900 hover:bg-accent-500',
  danger: 'bg-red-700 text-white hover:bg-red-900',
  'danger-outline': 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
}

/**
 * The look of a button or a link that acts as one: at least 44 × 44 px (issue 16 item 9), a
 * visible focus ring, the variant's colours. `className` refines it (tailwind-merge).
 */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    className,
  )
}

/** A link that looks like a button. */
export function ButtonLink({ variant = 'secondary', className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClass(variant, className)} />
}

/** What SubmitButton reads of a fetcher (`useFetcher()`), when the form submits through one. */
export interface SubmissionState {
  state: 'idle' | 'loading' | 'submitting'
  formData?: FormData
  formAction?: string
}

/** Is this button's submission the one under way? (its form action, its name and value) */
function useSubmitting({ fetcher, name, value, formAction }: { fetcher?: SubmissionState; name?: string; value?: string; formAction?: string }) {
  const navigation = useNavigation()
  const action = useFormAction(formAction)
  const state = fetcher ?? navigation
  if (state.state !== 'submitting') return false
  if (formAction !== undefined && state.formAction !== undefined) {
    const sent = new URL(state.formAction, 'http://x')
    const mine = new URL(action, 'http://x')
    if (sent.pathname !== mine.pathname) return false
  }
  return name === undefined || state.formData?.get(name) === value
}

/**
 * A submit button that shows a loader while its own submission is sent (spec §4): the page's
 * navigation, or `fetcher`'s when it submits through one; with `name`/`value`/`formAction`, only
 * the button that was pressed.
 */
export function SubmitButton({
  children,
  pendingText = 'Enviando…',
  variant = 'primary',
  className,
  name,
  value,
  formAction,
  fetcher,
  disabled,
}: {
  children: React.ReactNode
  pendingText?: string
  variant?: ButtonVariant
  className?: string
  name?: string
  value?: string
  formAction?: string
  fetcher?: SubmissionState
  disabled?: boolean
}) {
  const pending = useSubmitting({ fetcher, name, value, formAction })
  return (
    <button
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={buttonClass(variant, cn('px-4 py-2.5 text-base disabled:cursor-wait disabled:opacity-80', className))}
    >
      {pending ? (
        <>
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
          {pendingText}
        </>
      ) : (
        children
      )}
    </button>
  )
}
