import { Link, useFormAction, useNavigation } from 'react-router'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'accent' | 'danger' | 'danger-outline' | 'ghost'

/**
 * The look of a button or a link that acts as one: at least 44 × 44 px, a
 * visible focus ring, the variant's colours. They are component classes of app/app.css, so a
 * caller's utilities in `className` (px-6, text-lg, w-full) refine them by the cascade, with no
 * class merging shipped to the browser (`/` keeps its 125 KB budget).
 */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string): string {
  return className ? `btn btn-${variant} ${className}` : `btn btn-${variant}`
}

/** What SubmitButton reads of a fetcher (`useFetcher()`), when the form submits through one. */
export interface SubmissionState {
  state: 'idle' | 'loading' | 'submitting'
  formData?: FormData
  formAction?: string
}

/** Is this button's submission the one under way? (its form action, its name and value) */
function useSubmitting({
  fetcher,
  name,
  value,
  formAction,
}: {
  fetcher?: SubmissionState
  name?: string
  value?: string
  formAction?: string
}) {
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
      className={buttonClass(variant, className ? `btn-submit ${className}` : 'btn-submit')}
    >
      {pending ? (
        <>
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            aria-hidden="true"
          />
          {pendingText}
        </>
      ) : (
        children
      )}
    </button>
  )
}

/** The secondary action of a modal or a form: back to the page without it. */
export function CancelLink({ to, children = 'Cancelar' }: { to: string; children?: React.ReactNode }) {
  return (
    <Link to={to} preventScrollReset className={buttonClass('secondary', 'border-slate-300 px-4 py-2.5 text-base')}>
      {children}
    </Link>
  )
}
