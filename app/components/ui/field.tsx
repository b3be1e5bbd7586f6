import { useId } from 'react'
import { cn } from './cn'

/**
 * The look of every text control (input, textarea, select): at least 44 px high, so a thumb
 * hits it.
 */
export const CONTROL =
  'mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 ' +
  'text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 ' +
  'focus:ring-2 focus:ring-brand-600/30 focus:outline-none ' +
  'aria-invalid:border-red-600 disabled:bg-slate-100 disabled:text-slate-500'

const LABEL = 'block text-sm font-medium text-slate-800'

/** A field's error messages, read with its control through `aria-describedby`. */
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

/** A short help text under a control. */
export function Hint({ id, children }: { id?: string; children?: React.ReactNode }) {
  if (children === undefined || children === null || children === '') return null
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {children}
    </p>
  )
}

/** What a control needs to be read with its label, hint and errors. */
export interface ControlWiring {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  className: string
}

export interface FieldProps {
  label: React.ReactNode
  /** The control's id; one is made when absent. */
  id?: string
  errors?: string[] | null
  /** Marks the control invalid when its message is shown elsewhere (a form alert). */
  invalid?: boolean
  hint?: React.ReactNode
  /** Other ids the control is described by (a limit text, a form alert). */
  describedBy?: string
  className?: string
}

/**
 * Label + any control + hint + errors, wired with ids so a screen reader reads the hint and the
 * errors with the control. The control comes from `children(wiring)`.
 */
export function Field({
  label,
  id: givenId,
  errors,
  invalid,
  hint,
  describedBy,
  className,
  children,
}: FieldProps & { children: (wiring: ControlWiring) => React.ReactNode }) {
  const fallbackId = useId()
  const id = givenId ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': errorId || invalid ? true : undefined,
        'aria-describedby': [hintId, describedBy, errorId].filter(Boolean).join(' ') || undefined,
        className: CONTROL,
      })}
      <Hint id={hintId}>{hint}</Hint>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

type InputProps = React.ComponentProps<'input'> & { name: string }
type TextAreaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string }
type SelectProps = React.ComponentProps<'select'> & { name: string }

/** Label + input + hint + errors. */
export function InputField({ inputProps, ...field }: Omit<FieldProps, 'id'> & { inputProps: InputProps }) {
  return (
    <Field id={inputProps.id} {...field}>
      {(wiring) => <input {...inputProps} {...wiring} className={cn(wiring.className, inputProps.className)} />}
    </Field>
  )
}

/** Label + textarea (5 rows unless told) + hint + errors. */
export function TextAreaField({ textareaProps, ...field }: Omit<FieldProps, 'id'> & { textareaProps: TextAreaProps }) {
  return (
    <Field id={textareaProps.id} {...field}>
      {(wiring) => (
        <textarea
          {...textareaProps}
          rows={textareaProps.rows ?? 5}
          {...wiring}
          className={cn(wiring.className, textareaProps.className)}
        />
      )}
    </Field>
  )
}

export interface Option {
  value: string | number
  label: string
}

export interface OptionGroup {
  label: string
  options: Option[]
}

/** `['Sí', 'No']` or `[{ value, label }]`: a select's options either way. */
function toOptions(options: readonly (string | Option)[]): Option[] {
  return options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o))
}

/** Label + select (an empty first option asking to choose, then options or groups) + errors. */
export function SelectField({
  selectProps,
  options = [],
  groups,
  placeholder = 'Selecciona una opción',
  ...field
}: Omit<FieldProps, 'id'> & {
  selectProps: SelectProps
  options?: readonly (string | Option)[]
  groups?: OptionGroup[]
  placeholder?: string
}) {
  return (
    <Field id={selectProps.id} {...field}>
      {(wiring) => (
        <select {...selectProps} {...wiring} className={cn(wiring.className, selectProps.className)}>
          <option value="">{placeholder}</option>
          {toOptions(options).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {groups?.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  )
}

/** A checkbox and its label on one line (the label fills the line, a 44 px tall tap target), then errors. */
export function CheckboxField({
  label,
  inputProps,
  errors,
  className,
}: {
  label: React.ReactNode
  inputProps: InputProps
  errors?: string[] | null
  className?: string
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...inputProps}
          type="checkbox"
          id={id}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className={cn('mt-3 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700', inputProps.className)}
        />
        <label htmlFor={id} className="min-h-11 flex-1 py-3 text-sm text-slate-800">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** The look of a file input: its «Seleccionar archivo» button is a 44 px target. */
export const FILE_CONTROL =
  'mt-1 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md ' +
  'file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold ' +
  'file:text-brand-700 hover:file:bg-brand-100'

/**
 * Label + file input + its limit («PDF, JPG o PNG de hasta 5 MB») + what the browser is doing
 * with the chosen file + errors. `errorId` names the error list when a form alert shows it.
 */
export function FileField({
  label,
  inputProps,
  limit,
  note,
  errors,
  invalid,
  className,
}: {
  label: React.ReactNode
  inputProps: InputProps
  limit: React.ReactNode
  /** The browser's work on the file (shrinking a photo), read out politely. */
  note?: string | null
  errors?: string[] | null
  invalid?: boolean
  className?: string
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const limitId = `${id}-limite`
  const errorId = errors?.length ? `${id}-error` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        {...inputProps}
        type="file"
        id={id}
        aria-invalid={errorId || invalid ? true : undefined}
        aria-describedby={[limitId, inputProps['aria-describedby'], errorId].filter(Boolean).join(' ')}
        className={cn(FILE_CONTROL, inputProps.className)}
      />
      <Hint id={limitId}>{limit}</Hint>
      <UploadNote note={note} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** What the browser did with a chosen file, read out politely; nothing when there is none. */
export function UploadNote({ note, id }: { note: string | null | undefined; id?: string }) {
  return (
    <p id={id} role="status" className="mt-1 text-xs text-slate-700 empty:hidden">
      {note ?? ''}
    </p>
  )
}

/**
 * Without JS nothing moves the focus when the server answers with errors: the first invalid
 * field asks for it with `autofocus` (with JS conform focuses it, and React ignores the prop).
 */
export function autoFocusFirstInvalid(fields: Record<string, { errors?: string[] | null }>, order: readonly string[]) {
  const first = order.find((name) => fields[name]?.errors?.length)
  return (name: string) => (name === first ? { autoFocus: true } : {})
}
