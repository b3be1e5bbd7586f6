import { useId } from 'react'
import { CONTROL, ErrorList } from '#app/components/forms'

export { TextAreaField } from '#app/components/forms'
import { Alert } from '#app/components/toast'

interface Common {
  label: string
  errors?: string[] | null
  /** Marks the control invalid even when its message is shown elsewhere (a form alert). */
  invalid?: boolean
  hint?: string
  className?: string
}

function useIds(given: string | undefined, errors?: string[] | null, hint?: string, invalid?: boolean) {
  const fallback = useId()
  const id = given ?? fallback
  const errorId = errors?.length ? `${id}-error` : undefined
  const hintId = hint ? `${id}-hint` : undefined
  return {
    id,
    errorId,
    hintId,
    invalid: Boolean(errorId || invalid),
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
  }
}

function Hint({ id, hint }: { id?: string; hint?: string }) {
  return hint ? (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {hint}
    </p>
  ) : null
}

export function InputField({
  label,
  inputProps,
  errors,
  invalid,
  hint,
  className = '',
}: Common & {
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { name: string }
}) {
  const ids = useIds(inputProps.id, errors, hint, invalid)
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input {...inputProps} id={ids.id} aria-invalid={ids.invalid || undefined} aria-describedby={ids.describedBy} className={CONTROL} />
      <Hint id={ids.hintId} hint={hint} />
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  )
}

export function SelectField({
  label,
  selectProps,
  options,
  errors,
  invalid,
  hint,
  className = '',
}: Common & {
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { name: string }
  options: readonly string[]
}) {
  const ids = useIds(selectProps.id, errors, hint, invalid)
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select {...selectProps} id={ids.id} aria-invalid={ids.invalid || undefined} aria-describedby={ids.describedBy} className={CONTROL}>
        <option value="">Selecciona una opción</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <Hint id={ids.hintId} hint={hint} />
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  )
}

/**
 * Form-level messages (service failures, notices). With JS they leave after `durationMs`
 * (spec §9: driver alerts 4 s, bank validation 3 s); `stamp` shows the same text again.
 */
export function FormMessages({
  messages,
  tone = 'error',
  id,
  durationMs = 4000,
  stamp,
}: {
  messages?: string[] | null
  tone?: 'error' | 'info'
  id?: string
  durationMs?: number
  stamp?: number | string
}) {
  if (!messages?.length) return null
  return (
    <Alert key={`${stamp ?? ''}${messages.join('|')}`} type={tone} id={id} durationMs={durationMs}>
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </Alert>
  )
}
