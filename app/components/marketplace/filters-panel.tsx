import { useRef } from 'react'
import { Form, Link } from 'react-router'
import { buttonClass } from '#app/components/ui/button'
import { SelectField, type Option } from '#app/components/ui/field'
import { schedules } from '#domain/reference-data/schedules'
import { SHIFT_LABEL } from './labels'
import { PlaceFields, type PlaceChoice } from './place-fields'
import './filters.css'

export const FILTERS_FORM_ID = 'filtros'

export interface FilterFormValues {
  id_vehicle: string
  start_time: string
  pawn: string
  id_commune: string
}

const SCHEDULE_OPTIONS = schedules.map((s) => ({ value: s.id_schedule, label: s.name_schedule }))
const PAWN_OPTIONS = [
  { value: 'Si', label: 'Con peoneta' },
  { value: 'No', label: 'Sin peoneta' },
]

/**
 * The filters of spec §2 as a GET form (id_vehicle, id_zone, id_region, id_commune, start_time,
 * pawn; the search box joins it through form="filtros"). A <details>: on small screens it opens
 * over the page and the page stops scrolling (filters.css); on wide screens it is always shown.
 */
export function FiltersPanel({
  action,
  values,
  places,
  vehicles,
  zones,
  active,
}: {
  action: string
  values: FilterFormValues
  places: PlaceChoice
  vehicles: Option[]
  zones: Option[]
  active: number
}) {
  const details = useRef<HTMLDetailsElement>(null)
  return (
    <details
      ref={details}
      className="filtros-panel group rounded-xl border border-slate-200 bg-white lg:sticky lg:top-20"
    >
      <summary
        className={
          'flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 ' +
          'py-3 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden ' +
          'max-lg:group-open:fixed max-lg:group-open:inset-x-0 max-lg:group-open:top-0 ' +
          'max-lg:group-open:z-[60] max-lg:group-open:rounded-none ' +
          'max-lg:group-open:border-b max-lg:group-open:border-slate-200 ' +
          'max-lg:group-open:bg-white'
        }
      >
        <span className="max-lg:group-open:hidden">
          Filtros
          {active ? (
            <span className="ml-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">{active}</span>
          ) : null}
        </span>
        <span className="hidden max-lg:group-open:inline">Cerrar filtros</span>
        <span aria-hidden="true" className="text-slate-600 lg:hidden">
          <span className="group-open:hidden">▾</span>
          <span className="hidden group-open:inline">✕</span>
        </span>
      </summary>
      <div
        className={
          'border-t border-slate-200 px-4 pt-3 pb-4 max-lg:fixed max-lg:inset-x-0 ' +
          'max-lg:top-12 max-lg:bottom-0 max-lg:z-50 max-lg:overflow-y-auto ' +
          'max-lg:overscroll-contain max-lg:bg-white'
        }
      >
        <Form
          // The selects are uncontrolled: filters applied elsewhere (a link to the plain list,
          // «Limpiar», back) must show in them, so new values make a new form.
          key={`${Object.values(values).join('|')}|${places.zone}|${places.region}`}
          id={FILTERS_FORM_ID}
          method="get"
          action={action}
          preventScrollReset
          className="grid gap-3"
          onSubmit={() => {
            // With JS the page stays mounted: fold the panel once the filters are applied.
            if (details.current) details.current.open = false
          }}
        >
          <SelectField
            label="Vehículo"
            selectProps={{ id: 'filtro-vehiculo', name: 'id_vehicle', defaultValue: values.id_vehicle }}
            options={vehicles}
            placeholder="Todos"
          />
          <PlaceFields
            places={places}
            commune={values.id_commune}
            idPrefix="filtro"
            anyLabel="Todas"
            zoneOptions={zones}
            update={
              <p className="text-xs text-slate-600">
                Elige la zona o la región y presiona «Aplicar filtros» para ver la siguiente lista.
              </p>
            }
          />
          <SelectField
            label={SHIFT_LABEL}
            selectProps={{ id: 'filtro-horario', name: 'start_time', defaultValue: values.start_time }}
            options={SCHEDULE_OPTIONS}
            placeholder="Todos"
          />
          <SelectField
            label="Peoneta"
            selectProps={{ id: 'filtro-peoneta', name: 'pawn', defaultValue: values.pawn }}
            options={PAWN_OPTIONS}
            placeholder="Indiferente"
          />
          <div className="flex flex-wrap gap-2 pt-1">
            <button type="submit" className={buttonClass('primary', 'flex-1 px-4 py-2 text-sm')}>
              Aplicar filtros
            </button>
            <Link to={action} className={buttonClass('secondary', 'px-4 py-2 text-sm')}>
              Limpiar
            </Link>
          </div>
        </Form>
      </div>
    </details>
  )
}
