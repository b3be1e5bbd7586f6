import { LabelledControl } from '#app/components/forms'

export { TextAreaField } from '#app/components/forms'

export interface Option {
  value: string | number
  label: string
}

export interface OptionGroup {
  label: string
  options: Option[]
}

type SelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
  name: string
}

/** Label + select + its errors, wired with ids like Field. */
export function SelectField({
  label,
  selectProps,
  options,
  groups,
  errors,
  placeholder = 'Selecciona una opción',
  hint,
  className = '',
}: {
  label: string
  selectProps: SelectProps
  options?: Option[]
  groups?: OptionGroup[]
  errors?: string[] | null
  placeholder?: string
  hint?: string
  className?: string
}) {
  return (
    <LabelledControl label={label} id={selectProps.id} errors={errors} hint={hint} className={className}>
      {(wiring) => (
        <select {...selectProps} {...wiring}>
          <option value="">{placeholder}</option>
          {options?.map((o) => (
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
    </LabelledControl>
  )
}

/** A list of form-level messages (server errors), shown above the fields. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <div id={id} role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
      <ul className="space-y-1">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  )
}

export const BUTTON_SECONDARY =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50'
export const BUTTON_PRIMARY = 'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900'
export const BUTTON_DANGER_OUTLINE =
  'inline-flex items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50'
