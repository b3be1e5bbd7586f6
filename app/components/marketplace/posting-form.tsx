import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation, type Constraint } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { InputField, SelectField, TextAreaField } from '#app/components/ui/field'
import { schedules } from '#domain/reference-data/schedules'
import { capacitiesByVehicle, capacityLabel, vehicles } from '#domain/reference-data/vehicles'
import type { JobPostingValues } from '#domain/validation/marketplace'
import { PAYMENT_PERIOD_OPTIONS, POSTING_STATUS_LABELS, SHIFT_LABEL } from './labels'
import { PlaceFields, type PlaceChoice } from './place-fields'

const VEHICLE_OPTIONS = vehicles.map((v) => ({ value: v.id_vehicle, label: v.name_vehicle }))
const SCHEDULE_OPTIONS = schedules.map((s) => ({ value: s.id_schedule, label: s.name_schedule }))
const STATUS_OPTIONS = (['open', 'closed'] as const).map((s) => ({ value: s, label: POSTING_STATUS_LABELS[s] }))
const loadSchema = () => import('#domain/validation/marketplace').then((m) => m.jobPostingSchema)
const PAWN_OPTIONS = [
  { value: 'Si', label: 'Sí' },
  { value: 'No', label: 'No' },
]
// Without JS every capacity shows, grouped by its vehicle; the service checks they match.
const CAPACITY_GROUPS = vehicles
  .map((v) => ({
    label: v.name_vehicle,
    options: capacitiesByVehicle(v.id_vehicle).map((c) => ({
      value: c.id_capacity,
      label: capacityLabel(c.capacity_kg, v.id_vehicle),
    })),
  }))
  .filter((g) => g.options.length)

export type PostingDraft = Partial<
  Record<
    | 'title'
    | 'description'
    | 'id_zone'
    | 'id_region'
    | 'id_commune'
    | 'id_vehicle'
    | 'id_capacity'
    | 'id_schedule'
    | 'start_date'
    | 'pawn'
    | 'payment_amount'
    | 'payment_period'
    | 'drivers_needed'
    | 'status',
    string
  >
>

/**
 * Create or update a posting (spec §3 fields). `intent` tells the action which; without JS the
 * 'Actualizar' button brings back the next place list with everything typed.
 */
export function PostingForm({
  intent,
  postingId,
  defaults,
  places,
  result,
  constraint,
  submitLabel,
  cancelTo,
}: {
  intent: 'crear' | 'editar'
  postingId?: number
  defaults: PostingDraft
  places: PlaceChoice
  result?: SubmissionResult<string[]>
  /** getZodConstraint(jobPostingSchema), computed by the loader. */
  constraint: Constraint
  submitLabel: string
  cancelTo: string
}) {
  const hydrated = useHydrated()
  const { onValidate, ...loadOn } = useLazyValidation(loadSchema)
  const [form, fields] = useForm<JobPostingValues>({
    id: `trabajo-${intent}`,
    lastResult: result,
    defaultValue: defaults,
    constraint,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [vehicle, setVehicle] = useState(defaults.id_vehicle ?? '')
  const capacities = capacitiesByVehicle(vehicle).map((c) => ({
    value: c.id_capacity,
    label: capacityLabel(c.capacity_kg, c.vehicle_id),
  }))

  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} className="grid gap-4 sm:grid-cols-2">
      {/* Enter saves; 'Actualizar' (no JS) is only pressed on purpose. */}
      <button type="submit" name="intent" value={intent} hidden tabIndex={-1} aria-hidden="true" />
      <JsMarker />
      {postingId ? <input type="hidden" name="id" value={postingId} /> : null}
      {form.errors?.length ? (
        <div className="sm:col-span-2">
          <Alert tone="error" id={`trabajo-${intent}-error`} messages={form.errors} />
        </div>
      ) : null}
      <InputField
        className="sm:col-span-2"
        label="Título"
        inputProps={getInputProps(fields.title, { type: 'text' })}
        errors={fields.title.errors}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Descripción"
        hint="Entre 20 y 2000 caracteres."
        textareaProps={getTextareaProps(fields.description)}
        errors={fields.description.errors}
      />
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Lugar de trabajo</legend>
        <PlaceFields
          places={places}
          commune={defaults.id_commune ?? ''}
          idPrefix={`trabajo-${intent}`}
          errors={{
            id_zone: fields.id_zone.errors,
            id_region: fields.id_region.errors,
            id_commune: fields.id_commune.errors,
          }}
          update={
            <div className="sm:col-span-3">
              <button type="submit" name="intent" value="ubicacion" formNoValidate className={buttonClass('secondary')}>
                Actualizar
              </button>
              <p className="mt-1 text-sm text-slate-600">
                Elige la zona o la región y presiona «Actualizar» para ver la siguiente lista.
              </p>
            </div>
          }
        />
      </fieldset>
      <SelectField
        label="Vehículo"
        selectProps={{ ...getSelectProps(fields.id_vehicle), onChange: (e) => setVehicle(e.currentTarget.value) }}
        options={VEHICLE_OPTIONS}
        errors={fields.id_vehicle.errors}
      />
      {hydrated ? (
        <SelectField
          key={`capacidad-${vehicle}`}
          label="Capacidad"
          selectProps={{
            ...getSelectProps(fields.id_capacity),
            disabled: capacities.length === 0,
            defaultValue: vehicle === defaults.id_vehicle ? defaults.id_capacity : '',
          }}
          options={capacities}
          placeholder={capacities.length ? 'Selecciona la capacidad' : 'No aplica a este vehículo'}
          errors={fields.id_capacity.errors}
        />
      ) : (
        <SelectField
          label="Capacidad"
          hint="Solo para Furgón, Camión y Camion ¾."
          selectProps={getSelectProps(fields.id_capacity)}
          groups={CAPACITY_GROUPS}
          placeholder="No aplica"
          errors={fields.id_capacity.errors}
        />
      )}
      <SelectField
        label={SHIFT_LABEL}
        selectProps={getSelectProps(fields.id_schedule)}
        options={SCHEDULE_OPTIONS}
        errors={fields.id_schedule.errors}
      />
      <InputField
        label="Fecha de inicio"
        inputProps={getInputProps(fields.start_date, { type: 'date' })}
        errors={fields.start_date.errors}
      />
      <SelectField
        label="Peoneta"
        hint="¿Incluye un ayudante?"
        selectProps={getSelectProps(fields.pawn)}
        options={PAWN_OPTIONS}
        errors={fields.pawn.errors}
      />
      <InputField
        label="Conductores requeridos"
        inputProps={{ ...getInputProps(fields.drivers_needed, { type: 'text' }), inputMode: 'numeric' }}
        errors={fields.drivers_needed.errors}
      />
      <InputField
        label="Pago (CLP)"
        hint="Monto en pesos, por ejemplo 45000."
        inputProps={{ ...getInputProps(fields.payment_amount, { type: 'text' }), inputMode: 'numeric' }}
        errors={fields.payment_amount.errors}
      />
      <SelectField
        label="Período de pago"
        selectProps={getSelectProps(fields.payment_period)}
        options={PAYMENT_PERIOD_OPTIONS}
        errors={fields.payment_period.errors}
      />
      <SelectField
        label="Estado"
        selectProps={getSelectProps(fields.status)}
        options={STATUS_OPTIONS}
        errors={fields.status.errors}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <SubmitButton name="intent" value={intent} pendingText="Guardando…">
          {submitLabel}
        </SubmitButton>
        <Link to={cancelTo} preventScrollReset className={buttonClass('secondary')}>
          Cancelar
        </Link>
      </div>
    </Form>
  )
}
