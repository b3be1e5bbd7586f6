import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useLazySchema, useLazyValidation, type Constraint } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { FileField, autoFocusFirstInvalid, ErrorList, InputField, SelectField } from '#app/components/ui/field'
import { shrinkPhoto } from '#app/components/upload/shrink-photo'
import { UploadProgress } from '#app/components/upload/transfer'
import { useUploadField } from '#app/components/upload/upload-field'
import { OWNER_ID_IMAGE_UPLOADS } from '#domain/owner-id-uploads'
import type { PowerDriverValues, PowerOwnerFormValues } from '#domain/validation/power'
import { OWNER_ID_IMAGE_FIELDS, type POWER_OWNER_FIELDS } from '#domain/validation/power-constants'

const loadDriverSchema = () => import('#domain/validation/power').then((m) => m.powerDriverSchema)
const loadOwnerSchema = () => import('#domain/validation/power').then((m) => m.powerOwnerFormSchema)

export type Values = Record<string, string>

const BACK =
  'inline-flex items-center justify-center gap-1 rounded-md border border-slate-400 ' +
  'px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-100'

/** Spec §5: the plate is forced to uppercase without spaces as it is typed (the server does it too). */
function normalizePlateInput(e: React.FormEvent<HTMLInputElement>) {
  const input = e.currentTarget
  const next = input.value.replace(/\s+/g, '').toUpperCase()
  if (next !== input.value) {
    const at = input.selectionStart
    input.value = next
    if (at !== null) input.setSelectionRange(Math.min(at, next.length), Math.min(at, next.length))
  }
}

/** Phase 1: the driver and the vehicle (spec §3 "Simple power, driver side"). */
export function DriverPhase({
  defaults,
  owner,
  result,
  constraint,
  years,
}: {
  defaults: Values
  owner: Values
  result?: SubmissionResult<string[]> | null
  constraint: Constraint
  /** vehicleYears(now) computed by the loader: the same list on the server and in the browser. */
  years: readonly number[]
}) {
  const { onValidate, ...loadOn } = useLazyValidation<PowerDriverValues>(loadDriverSchema)
  const [form, fields] = useForm({
    id: 'poder-fase-1',
    lastResult: result ?? undefined,
    defaultValue: defaults,
    constraint,
    onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const focus = autoFocusFirstInvalid(fields, [
    'fullNameDriver',
    'rutDriver',
    'addressDriver',
    'nationalityDriver',
    'vehicleBrand',
    'vehicleModel',
    'vehicleYear',
    'vehicleLicensePlate',
  ])
  const text = (
    name: Exclude<keyof typeof fields, 'vehicleYear'>,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => ({
    ...getInputProps(fields[name], { type: 'text' }),
    ...focus(name),
    ...extra,
  })
  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} className="grid gap-4 sm:grid-cols-2" replace>
      <input type="hidden" name="fase" value="1" />
      <input type="hidden" name="_owner" value={JSON.stringify(owner)} />
      <fieldset className="contents">
        <legend className="text-lg font-semibold text-slate-900 sm:col-span-2">Datos del conductor</legend>
        <InputField
          className="sm:col-span-2"
          label="Nombre completo del conductor"
          inputProps={text('fullNameDriver', { autoComplete: 'name' })}
          errors={fields.fullNameDriver.errors}
        />
        <InputField
          label="RUT del conductor"
          hint="Ejemplo: 12.345.678-5"
          inputProps={text('rutDriver')}
          errors={fields.rutDriver.errors}
        />
        <InputField
          label="Nacionalidad del conductor"
          inputProps={text('nationalityDriver')}
          errors={fields.nationalityDriver.errors}
        />
        <InputField
          className="sm:col-span-2"
          label="Domicilio del conductor"
          inputProps={text('addressDriver', { autoComplete: 'street-address' })}
          errors={fields.addressDriver.errors}
        />
      </fieldset>
      <fieldset className="contents">
        <legend className="mt-2 text-lg font-semibold text-slate-900 sm:col-span-2">Datos del vehículo</legend>
        <InputField label="Marca" inputProps={text('vehicleBrand')} errors={fields.vehicleBrand.errors} />
        <InputField label="Modelo" inputProps={text('vehicleModel')} errors={fields.vehicleModel.errors} />
        <SelectField
          label="Año"
          selectProps={{ ...getSelectProps(fields.vehicleYear), ...focus('vehicleYear') }}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
          placeholder="Selecciona el año"
          errors={fields.vehicleYear.errors}
        />
        <InputField
          label="Patente"
          hint="Por ejemplo BBBB12 o AB1234; se escribe en mayúsculas y sin espacios."
          inputProps={text('vehicleLicensePlate', {
            onInput: normalizePlateInput,
            autoCapitalize: 'characters',
            className: 'uppercase',
          })}
          errors={fields.vehicleLicensePlate.errors}
        />
      </fieldset>
      <div className="flex justify-end sm:col-span-2">
        <SubmitButton pendingText="Validando…">Siguiente</SubmitButton>
      </div>
    </Form>
  )
}

function Summary({ driver }: { driver: Values }) {
  const rows: Array<[string, string | undefined]> = [
    ['Conductor', driver.fullNameDriver],
    ['RUT', driver.rutDriver],
    ['Nacionalidad', driver.nationalityDriver],
    ['Domicilio', driver.addressDriver],
    ['Vehículo', [driver.vehicleBrand, driver.vehicleModel, driver.vehicleYear].filter(Boolean).join(' ')],
    ['Patente', driver.vehicleLicensePlate],
  ]
  return (
    <section aria-labelledby="resumen-fase-1" className="rounded-lg bg-slate-50 p-4 sm:col-span-2">
      <h3 id="resumen-fase-1" className="font-semibold text-slate-900">
        Conductor y vehículo
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="text-slate-600">{label}:</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** The name of the 'Crear poder simple' button with JS: its press validates, then confirms. */
const CREATE = 'crear'

/**
 * One of the owner's ID images: its limit beside it, checked as soon as it is
 * chosen, a larger phone photo shrunk before sending (domain/uploads.ts).
 */
function OwnerIdImageField({
  name,
  label,
  inputProps,
  errors,
}: {
  name: (typeof OWNER_ID_IMAGE_FIELDS)[number]['name']
  label: string
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { name: string }
  errors?: string[]
}) {
  const rules = OWNER_ID_IMAGE_UPLOADS[name]
  const upload = useUploadField(rules, shrinkPhoto)
  return (
    <FileField
      label={label}
      limit={rules.limitText}
      note={upload.note}
      inputProps={{ ...inputProps, accept: rules.accept, ...upload.inputProps }}
      errors={upload.errors ?? errors}
    />
  )
}

/** Phase 2: the owner and the two ID images, 'Atrás', and the confirmed final submission. */
export function OwnerPhase({
  sealed,
  driver,
  defaults,
  result,
  constraint,
  errors,
  durationMs,
  replyId,
  confirmError,
}: {
  sealed: string
  driver: Values
  defaults: Values
  result?: SubmissionResult<string[]> | null
  constraint: Constraint
  /** The service's refusal of the final submission, gone after `durationMs` with JS. */
  errors?: string[]
  durationMs: number
  replyId?: string
  confirmError?: string | null
}) {
  const hydrated = useHydrated()
  const dialog = useRef<HTMLDialogElement>(null)
  const { onValidate, ensureLoaded, isLoaded, loadOn } = useLazySchema<PowerOwnerFormValues>(loadOwnerSchema)
  const [form, fields] = useForm({
    id: 'poder-fase-2',
    lastResult: result ?? undefined,
    defaultValue: defaults,
    constraint,
    onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const order = [
    'fullNameOwner',
    'rutOwner',
    'addressOwner',
    'nationalityOwner',
    'phoneOwner',
    'emailOwner',
    ...OWNER_ID_IMAGE_FIELDS.map((f) => f.name),
  ]
  const focus = autoFocusFirstInvalid(fields, order)
  const text = (
    name: (typeof POWER_OWNER_FIELDS)[number],
    type: 'text' | 'tel' | 'email' = 'text',
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => ({
    ...getInputProps(fields[name], { type }),
    ...focus(name),
    ...extra,
  })
  const formProps = getFormProps(form)
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      {...loadOn}
      replace
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
        // 'Atrás' keeps whatever is typed, valid or not: no client validation on the way back.
        if (submitter?.name === 'atras') {
          dialog.current?.close()
          return
        }
        if (hydrated && submitter?.name === CREATE) {
          // 'Crear poder simple': the whole form is validated first; only a valid form asks for
          // confirmation. An invalid one shows its messages and conform focuses the first
          // invalid field. Conform's own submits (re-validation while typing) never get here.
          if (!isLoaded()) {
            event.preventDefault()
            const form = event.currentTarget
            ensureLoaded().then(
              () => form.requestSubmit(submitter),
              () => {},
            )
            return
          }
          formProps.onSubmit(event)
          if (event.defaultPrevented) return
          event.preventDefault()
          dialog.current?.showModal()
          return
        }
        if (submitter?.name === 'confirmar') dialog.current?.close()
        formProps.onSubmit(event)
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="fase" value="2" />
      <input type="hidden" name="_phase1" value={sealed} />
      <div className="sm:col-span-2">
        <Alert tone="error" messages={errors} durationMs={durationMs} replyId={replyId} focus id="poder-resultado" />
      </div>
      <Summary driver={driver} />
      <fieldset className="contents">
        <legend className="mt-2 text-lg font-semibold text-slate-900 sm:col-span-2">
          Datos del dueño del vehículo
        </legend>
        <InputField
          className="sm:col-span-2"
          label="Nombre completo del dueño"
          inputProps={text('fullNameOwner')}
          errors={fields.fullNameOwner.errors}
        />
        <InputField
          label="RUT del dueño"
          hint="Ejemplo: 11.111.111-1"
          inputProps={text('rutOwner')}
          errors={fields.rutOwner.errors}
        />
        <InputField
          label="Nacionalidad del dueño"
          inputProps={text('nationalityOwner')}
          errors={fields.nationalityOwner.errors}
        />
        <InputField
          className="sm:col-span-2"
          label="Domicilio del dueño"
          inputProps={text('addressOwner')}
          errors={fields.addressOwner.errors}
        />
        <InputField
          label="Teléfono (WhatsApp) del dueño"
          hint="Celular que comienza con 9, por ejemplo 9 8765 4321 o +56 9 8765 4321."
          inputProps={text('phoneOwner', 'tel', { inputMode: 'tel' })}
          errors={fields.phoneOwner.errors}
        />
        <InputField
          label="Correo electrónico del dueño"
          inputProps={text('emailOwner', 'email')}
          errors={fields.emailOwner.errors}
        />
      </fieldset>
      <fieldset className="contents">
        <legend className="mt-2 text-lg font-semibold text-slate-900 sm:col-span-2">
          Cédula de identidad del dueño
        </legend>
        {OWNER_ID_IMAGE_FIELDS.map(({ name, tipo }) => (
          <OwnerIdImageField
            key={name}
            name={name}
            label={tipo}
            inputProps={{ ...getInputProps(fields[name], { type: 'file' }), ...focus(name) }}
            errors={fields[name].errors}
          />
        ))}
        <div className="sm:col-span-2">
          <UploadProgress />
        </div>
      </fieldset>
      {hydrated ? null : (
        <div className="sm:col-span-2">
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="confirmar"
              value="1"
              required
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? 'confirmar-error' : undefined}
              className="mt-1 h-4 w-4"
            />
            Confirmo que los datos son correctos y quiero crear el poder simple.
          </label>
          <ErrorList id="confirmar-error" errors={confirmError ? [confirmError] : null} />
        </div>
      )}
      <div className="flex flex-wrap justify-between gap-2 sm:col-span-2">
        <button type="submit" name="atras" value="1" formNoValidate className={BACK}>
          <span aria-hidden="true">←</span> Atrás
        </button>
        {hydrated ? (
          <button type="submit" name={CREATE} value="1" className={buttonClass('primary', 'px-4 py-2.5 text-base')}>
            Crear poder simple
          </button>
        ) : (
          <SubmitButton pendingText="Creando…">Crear poder simple</SubmitButton>
        )}
      </div>
      {hydrated ? (
        <dialog
          ref={dialog}
          aria-labelledby="confirmar-titulo"
          className={
            'fixed inset-0 m-auto w-[calc(100%-1.5rem)] max-w-md rounded-xl bg-white p-6 ' +
            'text-slate-900 shadow-2xl backdrop:bg-slate-900/50'
          }
        >
          <h2 id="confirmar-titulo" className="text-lg font-semibold">
            ¿Crear el poder simple?
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            Revisa que los datos sean correctos. Se enviará un mensaje de WhatsApp al dueño del vehículo para que firme
            el poder.
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => dialog.current?.close()} className={BACK}>
              Cancelar
            </button>
            <SubmitButton name="confirmar" value="1" pendingText="Creando…">
              Sí, crear poder simple
            </SubmitButton>
          </div>
        </dialog>
      ) : null}
    </Form>
  )
}

/** Spec §2: 'Proceso de Poder Simple Iniciado'; 'Cerrar' returns to /. A real modal once JS runs. */
export function SuccessModal() {
  const ref = useRef<HTMLDialogElement>(null)
  const hydrated = useHydrated()
  useEffect(() => {
    const d = ref.current
    if (!d || d.matches(':modal')) return
    d.close()
    d.showModal()
  }, [])
  return (
    <>
      {hydrated ? null : <div className="fixed inset-0 z-40 bg-slate-900/50" aria-hidden="true" />}
      <dialog
        ref={ref}
        open
        aria-labelledby="poder-creado"
        className={
          'fixed inset-0 z-50 m-auto w-[calc(100%-1.5rem)] max-w-md rounded-xl bg-white p-6 ' +
          'text-slate-900 shadow-2xl backdrop:bg-slate-900/50'
        }
      >
        <h2 id="poder-creado" className="text-xl font-bold">
          Proceso de Poder Simple Iniciado
        </h2>
        <p className="mt-3 text-slate-700">
          Enviamos el poder simple al dueño del vehículo por WhatsApp. El dueño debe revisarlo y firmarlo a través de
          WhatsApp; cuando lo haga, revisaremos el documento en tu panel.
        </p>
        <div className="mt-6 flex justify-end">
          <Link to="/" className={buttonClass('primary', 'px-4 py-2.5 text-base')}>
            Cerrar
          </Link>
        </div>
      </dialog>
    </>
  )
}

const DEAD_LINK_TEXT = {
  used: {
    title: 'Este enlace ya fue usado',
    what: 'Con este enlace ya se creó un poder simple. Cada enlace sirve una sola vez.',
  },
  expired: {
    title: 'Este enlace venció',
    what: 'Los enlaces para crear un poder simple sirven 7 días desde que el conductor los genera.',
  },
  invalid: {
    title: 'Este enlace no es válido',
    what:
      'El enlace está incompleto o no corresponde a un poder simple de Fleeters. Revisa ' +
      'que lo hayas copiado completo.',
  },
} as const

/** A link that cannot be used (decision 41): what happened and what to do, never a silent redirect. */
export function DeadLinkPage({
  dead,
  driverSignedIn,
}: {
  dead: { state: keyof typeof DEAD_LINK_TEXT; at: string | null }
  driverSignedIn: boolean
}) {
  const text = DEAD_LINK_TEXT[dead.state]
  const when = dead.at
    ? dead.state === 'used'
      ? `Se usó el ${dead.at}.`
      : dead.state === 'expired'
        ? `Venció el ${dead.at}.`
        : null
    : null
  return (
    <main id="contenido">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <section
          aria-labelledby="enlace-estado"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          data-estado={dead.state}
        >
          <p className="text-sm font-medium text-brand-700">Crear poder simple</p>
          <h1 id="enlace-estado" className="mt-1 text-2xl font-bold text-slate-900">
            {text.title}
          </h1>
          <p className="mt-3 text-slate-800">
            {text.what}
            {when ? ` ${when}` : null}
          </p>
          <h2 className="mt-5 font-semibold text-slate-900">¿Qué hacer?</h2>
          <p className="mt-1 text-slate-800">
            Pide al conductor un enlace nuevo. El conductor lo genera en su panel, en «Autorización del dueño del
            vehículo», y te lo envía por WhatsApp.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to={driverSignedIn ? '/user/dashboard/poder-simple' : '/login'}
              className={buttonClass('primary', 'px-4 py-2.5 text-base')}
            >
              {driverSignedIn ? 'Generar un enlace nuevo' : 'Soy el conductor: iniciar sesión'}
            </Link>
            <Link to="/" className={BACK}>
              Ir al inicio
            </Link>
          </div>
        </section>
      </div>
    </main>
  )
}
