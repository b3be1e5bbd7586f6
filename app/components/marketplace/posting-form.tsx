import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { Form, Link } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation, type Constraint } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { InputField, SelectField, TextAreaField } from '#app/components/ui/field'
import { formatInteger, parsePesos } from '#domain/numbers'
import { schedules } from '#domain/reference-data/schedules'
import { capacitiesByVehicle, capacityLabel, vehicles } from '#domain/reference-data/vehicles'
import type { JobPostingValues } from '#domain/validation/marketplace'
import { PAYMENT_PERIOD_OPTIONS, POSTING_STATUS_LABELS, SHIFT_LABEL } from './labels'
import { PlaceFields, type PlaceChoice } from './place-fields'
import { PostingPreview, type PreviewPosting } from './posting-preview'

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

/** The card drivers would see, read from the form as it stands (the select's chosen text is its name). */
function readPreview(form: HTMLFormElement, base: PreviewPosting): PreviewPosting {
  const value = (name: string) => {
    const el = form.elements.namedItem(name)
    return el && 'value' in el ? String(el.value) : ''
  }
  const chosen = (name: string) => {
    const el = form.elements.namedItem(name)
    return el instanceof HTMLSelectElement && el.value ? (el.selectedOptions[0]?.text ?? '') : ''
  }
  const capacity = chosen('id_capacity')
  return {
    ...base,
    title: value('title'),
    name_commune: chosen('id_commune'),
    name_region: chosen('id_region'),
    name_vehicle: chosen('id_vehicle'),
    capacity: capacity || null,
    time: chosen('id_schedule'),
    pawn: value('pawn') === 'Si' ? 'Si' : 'No',
    payment_amount: parsePesos(value('payment_amount')) ?? 0,
    payment_period: value('payment_period'),
  }
}

const SECTION = 'grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5'
const LEGEND = 'float-left mb-1 w-full text-lg font-semibold text-slate-900 sm:col-span-2'

/**
 * The company's posting editor (decision 104), in sections: the route, the pay, the vehicle, the
 * shift and dates. A new posting or a draft is saved as a draft or published; a published one is
 * saved with its status (open or closed). The card drivers will see follows the form with JS;
 * without it, «Vista previa» brings the page back with the card (`preview`). Without JS the
 * 'Actualizar' button brings back the next place list with everything typed.
 */
export function PostingForm({
  postingId,
  published,
  defaults,
  places,
  result,
  constraint,
  preview,
  cancelTo,
}: {
  postingId?: number
  /** The posting was published (open or closed): no draft any more, its status is a field. */
  published: boolean
  defaults: PostingDraft
  places: PlaceChoice
  result?: SubmissionResult<string[]>
  /** getZodConstraint(jobPostingSchema), computed by the loader. */
  constraint: Constraint
  /** The card as the server drew it: the company's name and logo, and (after «Vista previa») the values. */
  preview: PreviewPosting
  cancelTo: string
}) {
  const hydrated = useHydrated()
  const { onValidate, ...loadOn } = useLazyValidation(loadSchema)
  const id = postingId ? `trabajo-${postingId}` : 'trabajo-nuevo'
  const [form, fields] = useForm<JobPostingValues>({
    id,
    lastResult: result,
    defaultValue: defaults,
    constraint,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [vehicle, setVehicle] = useState(defaults.id_vehicle ?? '')
  const [card, setCard] = useState<PreviewPosting>(preview)
  const formRef = useRef<HTMLFormElement>(null)
  const capacities = capacitiesByVehicle(vehicle).map((c) => ({
    value: c.id_capacity,
    label: capacityLabel(c.capacity_kg, c.vehicle_id),
  }))
  const refresh = () => {
    // After React's own update of the fields (the capacity list follows the vehicle).
    requestAnimationFrame(() => formRef.current && setCard(readPreview(formRef.current, preview)))
  }
  // The card follows what the form holds once the scripts run (values sent back after an error too).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(refresh, [])
  const primary = published ? 'guardar' : 'publicar'

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_28rem] lg:items-start">
      <Form
        method="post"
        ref={formRef}
        {...getFormProps(form)}
        {...loadOn}
        onInput={hydrated ? refresh : undefined}
        onChange={hydrated ? refresh : undefined}
        className="space-y-5"
      >
        {/* Enter saves the way the main button does; 'Actualizar' (no JS) is only pressed on purpose. */}
        <button type="submit" name="intent" value={primary} hidden tabIndex={-1} aria-hidden="true" />
        <JsMarker />
        {form.errors?.length ? <Alert tone="error" id={`${id}-error`} messages={form.errors} /> : null}
        <fieldset className={SECTION}>
          <legend className={LEGEND}>La ruta</legend>
          <InputField
            className="sm:col-span-2"
            label="Título"
            hint="Lo primero que leen los conductores, por ejemplo «Reparto de paquetería en Maipú»."
            inputProps={getInputProps(fields.title, { type: 'text' })}
            errors={fields.title.errors}
          />
          <TextAreaField
            className="sm:col-span-2"
            label="Descripción"
            hint="Entre 20 y 2000 caracteres: la carga, los sectores, lo que esperas del conductor."
            textareaProps={{ ...getTextareaProps(fields.description), rows: 5 }}
            errors={fields.description.errors}
          />
          <PlaceFields
            places={places}
            commune={defaults.id_commune ?? ''}
            idPrefix={id}
            errors={{
              id_zone: fields.id_zone.errors,
              id_region: fields.id_region.errors,
              id_commune: fields.id_commune.errors,
            }}
            update={
              <div className="sm:col-span-2">
                <button
                  type="submit"
                  name="intent"
                  value="ubicacion"
                  formNoValidate
                  className={buttonClass('secondary')}
                >
                  Actualizar
                </button>
                <p className="mt-1 text-sm text-slate-600">
                  Elige la zona o la región y presiona «Actualizar» para ver la siguiente lista.
                </p>
              </div>
            }
          />
        </fieldset>
        <fieldset className={SECTION}>
          <legend className={LEGEND}>El pago</legend>
          <InputField
            label="Pago (CLP)"
            hint="En pesos, por ejemplo $450.000."
            inputProps={{
              ...getInputProps(fields.payment_amount, { type: 'text' }),
              inputMode: 'numeric',
              autoComplete: 'off',
              // Shown as the drivers will read it once the company leaves the field.
              onBlur: (e) => {
                const n = parsePesos(e.currentTarget.value)
                if (n !== null) e.currentTarget.value = `$${formatInteger(n)}`
              },
            }}
            errors={fields.payment_amount.errors}
          />
          <SelectField
            label="Período de pago"
            selectProps={getSelectProps(fields.payment_period)}
            options={PAYMENT_PERIOD_OPTIONS}
            errors={fields.payment_period.errors}
          />
        </fieldset>
        <fieldset className={SECTION}>
          <legend className={LEGEND}>El vehículo</legend>
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
              hint="Solo para Furgón, Camión y Camión ¾."
              selectProps={getSelectProps(fields.id_capacity)}
              groups={CAPACITY_GROUPS}
              placeholder="No aplica"
              errors={fields.id_capacity.errors}
            />
          )}
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
        </fieldset>
        <fieldset className={SECTION}>
          <legend className={LEGEND}>El turno y las fechas</legend>
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
          {published ? (
            <SelectField
              label="Estado"
              hint="Una publicación cerrada ya no recibe postulaciones."
              selectProps={getSelectProps(fields.status)}
              options={STATUS_OPTIONS}
              errors={fields.status.errors}
            />
          ) : null}
        </fieldset>
        {/* On a phone the actions stay at hand at the bottom of the screen. */}
        <div
          className={
            'flex flex-wrap items-center gap-3 border-slate-200 max-sm:sticky max-sm:bottom-0 max-sm:bg-white ' +
            'max-sm:z-10 max-sm:-mx-4 max-sm:border-t max-sm:px-4 max-sm:py-3 ' +
            'max-sm:shadow-[0_-4px_8px_-6px_rgb(0_0_0/0.2)]'
          }
        >
          {published ? (
            <SubmitButton name="intent" value="guardar" pendingText="Guardando…">
              Guardar cambios
            </SubmitButton>
          ) : (
            <>
              <SubmitButton name="intent" value="publicar" pendingText="Publicando…">
                Publicar
              </SubmitButton>
              <SubmitButton name="intent" value="borrador" variant="secondary" pendingText="Guardando…">
                Guardar borrador
              </SubmitButton>
            </>
          )}
          {hydrated ? null : (
            <SubmitButton name="intent" value="vista-previa" variant="outline" pendingText="Preparando…">
              Vista previa
            </SubmitButton>
          )}
          {/* On a phone «← Mis publicaciones» above is the way back: the pinned bar keeps to saving. */}
          <Link to={cancelTo} className={buttonClass('ghost', 'max-sm:hidden')}>
            Cancelar
          </Link>
        </div>
      </Form>
      <PostingPreview posting={hydrated ? card : preview} />
    </div>
  )
}
