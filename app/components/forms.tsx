import { useId } from 'react'
import { useNavigation } from 'react-router'

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & {
  name: string
}
type TextAreaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & {
  name: string
}

/** The look of every text control: input, textarea, select. */
export const CONTROL =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-600 disabled:bg-slate-100 disabled:text-slate-500'

/** What a control needs to be read with its label, hint and errors. */
export interface ControlWiring {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  className: string
}

/**
 * Label + control + hint + errors, wired with ids so screen readers read the hint and the error
 * with the control. `invalid` marks it when its message is shown elsewhere (a form alert).
 */
export function LabelledControl({
  label,
  id: givenId,
  errors,
  invalid,
  hint,
  className = '',
  children,
}: {
  label: React.ReactNode
  id?: string
  errors?: string[] | null
  invalid?: boolean
  hint?: string
  className?: string
  children: (wiring: ControlWiring) => React.ReactNode
}) {
  const fallbackId = useId()
  const id = givenId ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': errorId || invalid ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
        className: CONTROL,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

type FieldCommon = {
  label: string
  errors?: string[] | null
  invalid?: boolean
  hint?: string
  className?: string
}

/** Label + textarea + hint + errors. */
export function TextAreaField({ textareaProps, ...common }: FieldCommon & { textareaProps: TextAreaProps }) {
  return (
    <LabelledControl id={textareaProps.id} {...common}>
      {(wiring) => <textarea {...textareaProps} rows={textareaProps.rows ?? 5} {...wiring} />}
    </LabelledControl>
  )
}

/** Label + input + hint + errors. */
export function Field({ inputProps, ...common }: FieldCommon & { inputProps: InputProps }) {
  return (
    <LabelledControl id={inputProps.id} {...common}>
      {(wiring) => <input {...inputProps} {...wiring} />}
    </LabelledControl>
  )
}

export function CheckboxField({ label, inputProps, errors }: { label: React.ReactNode; inputProps: InputProps; errors?: string[] | null }) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          {...inputProps}
          type="checkbox"
          id={id}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="mt-1 h-4 w-4 rounded border-slate-400 text-brand-700"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** A submit button that shows a loader while its form is being sent (spec §4). */
export function SubmitButton({
  children,
  pendingText = 'Enviando…',
  className = '',
  name,
  value,
  formAction,
}: {
  children: React.ReactNode
  pendingText?: string
  className?: string
  name?: string
  value?: string
  formAction?: string
}) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && (name === undefined || navigation.formData?.get(name) === value)
  return (
    <button
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      disabled={pending}
      aria-busy={pending || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-80 ${className}`}
    >
      {pending ? (
        <>
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden="true" />
          {pendingText}
        </>
      ) : (
        children
      )}
    </button>
  )
}
