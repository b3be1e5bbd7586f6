import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { useState } from 'react'
import { Form, useFetcher } from 'react-router'
import type { HoneypotInputProps } from 'remix-utils/honeypot/server'
import { useLazyValidation, type Constraint } from '#app/components/lazy-validation'
import { OutcomeAlert, type FormOutcome } from '#app/components/ui/alert'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { autoFocusFirstInvalid, InputField, SelectField, TextAreaField } from '#app/components/ui/field'
import { schedules } from '#domain/reference-data/schedules'
import { vehicles } from '#domain/reference-data/vehicles'
import { zones } from '#domain/reference-data/zones'
import type { FleetRequestValues } from '#domain/validation/contact'
import { HoneypotFields } from './honeypot'

/** The chosen zone and region with the lists they open (server lookups, spec §7). */
export interface LocationChoice {
  zone: string
  region: string
  regions: Array<{ value: number; label: string }>
  communes: Array<{ value: number; label: string }>
}

const ZONE_OPTIONS = zones.map((z) => ({ value: z.id_zone, label: z.name_zone }))
const VEHICLE_OPTIONS = vehicles.map((v) => ({ value: v.id_vehicle, label: v.name_vehicle }))
const SCHEDULE_OPTIONS = schedules.map((s) => ({ value: s.id_schedule, label: s.name_schedule }))
const LOCATIONS_URL = '/empresas/ubicaciones'
/** The zone → region → commune chain is checked by the action (it answers per field). */
const loadSchema = () =>
  import('#domain/validation/contact').then((m) => m.createFleetRequestSchema({ vehicles, schedules, zones }))

/**
 * Fleet requirements (POST /business/register as JSON). Zone → region → commune: with JS the
 * lists come from fetchers; without JS 'Actualizar' sends this form by GET, so the page comes
 * back with the next list and every value typed so far (they travel in the URL).
 */
export function FleetRequestForm({
  result,
  outcome,
  location,
  draft,
  honeypot,
  constraint,
}: {
  result?: SubmissionResult<string[]>
  outcome?: FormOutcome | null
  location: LocationChoice
  draft: Record<string, string>
  honeypot: HoneypotInputProps
  /** getZodConstraint of the schema, from the loader. */
  constraint: Constraint
}) {
  const { onValidate, ...loadOn } = useLazyValidation<FleetRequestValues>(loadSchema)
  const [form, fields] = useForm({
    id: 'flota',
    lastResult: result,
    defaultValue: draft,
    constraint,
    onValidate,
    // Not on blur: a message appearing on blur moves the submit button away from the click.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const focus = autoFocusFirstInvalid(fields, [
    'name_business',
    'fullname',
    'email',
    'phone',
    'id_vehicle',
    'quantity',
    'id_zone',
    'id_region',
    'id_commune',
    'id_schedule',
    'message',
  ])
  const [zone, setZone] = useState(location.zone)
  const [region, setRegion] = useState(location.region)
  const regionsFetcher = useFetcher<LocationChoice>()
  const communesFetcher = useFetcher<LocationChoice>()

  const regions =
    zone === location.zone ? location.regions : regionsFetcher.data?.zone === zone ? regionsFetcher.data.regions : []
  const communes =
    region === location.region && zone === location.zone
      ? location.communes
      : communesFetcher.data?.region === region
        ? communesFetcher.data.communes
        : []

  function chooseZone(value: string) {
    setZone(value)
    setRegion('')
    if (value && value !== location.zone) regionsFetcher.load(`${LOCATIONS_URL}?id_zone=${encodeURIComponent(value)}`)
  }
  function chooseRegion(value: string) {
    setRegion(value)
    if (value) communesFetcher.load(`${LOCATIONS_URL}?id_region=${encodeURIComponent(value)}`)
  }

  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} className="grid gap-4 sm:grid-cols-2">
      {/* The first submit button is the one Enter presses: the real submission, not 'Actualizar'. */}
      <button type="submit" name="intent" value="flota" hidden tabIndex={-1} aria-hidden="true" />
      <div className="sm:col-span-2">
        <OutcomeAlert outcome={outcome} id="flota-resultado" />
      </div>
      <HoneypotFields from={honeypot} formId="flota" />
      <InputField
        label="Empresa"
        inputProps={{
          ...getInputProps(fields.name_business, { type: 'text' }),
          ...focus('name_business'),
          autoComplete: 'organization',
        }}
        errors={fields.name_business.errors}
      />
      <InputField
        label="Nombre de contacto"
        inputProps={{ ...getInputProps(fields.fullname, { type: 'text' }), ...focus('fullname'), autoComplete: 'name' }}
        errors={fields.fullname.errors}
      />
      <InputField
        label="Correo electrónico"
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), ...focus('email'), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <InputField
        label="Teléfono"
        hint="Entre 8 y 15 dígitos; puedes escribirlo con espacios o con +56."
        inputProps={{
          ...getInputProps(fields.phone, { type: 'tel' }),
          ...focus('phone'),
          autoComplete: 'tel',
          inputMode: 'tel',
        }}
        errors={fields.phone.errors}
      />
      <SelectField
        label="Tipo de vehículo"
        selectProps={{ ...getSelectProps(fields.id_vehicle), ...focus('id_vehicle') }}
        options={VEHICLE_OPTIONS}
        errors={fields.id_vehicle.errors}
      />
      <InputField
        label="Cantidad de vehículos"
        inputProps={{
          ...getInputProps(fields.quantity, { type: 'number' }),
          ...focus('quantity'),
          min: 1,
          max: 999,
          step: 1,
          inputMode: 'numeric',
        }}
        errors={fields.quantity.errors}
      />
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">¿Dónde necesitas la flota?</legend>
        <SelectField
          label="Zona"
          selectProps={{
            ...getSelectProps(fields.id_zone),
            ...focus('id_zone'),
            onChange: (e) => chooseZone(e.currentTarget.value),
          }}
          options={ZONE_OPTIONS}
          errors={fields.id_zone.errors}
        />
        <SelectField
          key={`region-${zone}`}
          label="Región"
          selectProps={{
            ...getSelectProps(fields.id_region),
            ...focus('id_region'),
            defaultValue: zone === location.zone ? location.region : '',
            onChange: (e) => chooseRegion(e.currentTarget.value),
          }}
          options={regions}
          placeholder={regions.length ? 'Selecciona una región' : 'Primero elige una zona'}
          errors={fields.id_region.errors}
        />
        <SelectField
          key={`commune-${zone}-${region}`}
          label="Comuna"
          selectProps={{
            ...getSelectProps(fields.id_commune),
            ...focus('id_commune'),
            ...(region === location.region ? {} : { defaultValue: '' }),
          }}
          options={communes}
          placeholder={communes.length ? 'Selecciona una comuna' : 'Primero elige una región'}
          errors={fields.id_commune.errors}
        />
        {/* Only without JS (with JS the fetchers fill the lists): a GET round trip. */}
        <noscript>
          <div className="sm:col-span-3">
            <button
              type="submit"
              formMethod="get"
              formAction="/empresas#requerimientos"
              formNoValidate
              className={buttonClass('secondary')}
            >
              Actualizar
            </button>
            <span className="ml-3 text-sm text-slate-600">
              Elige la zona o la región y presiona «Actualizar» para ver la siguiente lista.
            </span>
          </div>
        </noscript>
      </fieldset>
      <SelectField
        label="Turno"
        selectProps={{ ...getSelectProps(fields.id_schedule), ...focus('id_schedule') }}
        options={SCHEDULE_OPTIONS}
        errors={fields.id_schedule.errors}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Mensaje (opcional)"
        hint="Hasta 1000 caracteres."
        textareaProps={{ ...getTextareaProps(fields.message), ...focus('message') }}
        errors={fields.message.errors}
      />
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="flota" className="w-full sm:w-auto" pendingText="Enviando…">
          Enviar requerimientos
        </SubmitButton>
      </div>
    </Form>
  )
}
