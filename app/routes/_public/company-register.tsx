import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigate } from 'react-router'
import { homeFor } from '#app/.server/auth'
import { messageList } from '#app/.server/backend/client'
import { businessApi } from '#app/.server/backend/marketplace'
import { readUpload } from '#app/.server/body-limit'
import { termsLinks } from '#app/.server/consents'
import { fromEnhancedPage } from '#app/.server/forms'
import { loadPlaces } from '#app/.server/places'
import { getSession } from '#app/.server/session'
import { setToast } from '#app/.server/toast'
import { NewPasswordFields } from '#app/components/auth/new-password-fields'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation, type Constraint } from '#app/components/lazy-validation'
import { TermsLabel, type TermsLinks } from '#app/components/legal/terms-label'
import { PlaceFields, type PlaceChoice } from '#app/components/marketplace/place-fields'
import { Alert } from '#app/components/ui/alert'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { CheckboxField, FileField, InputField } from '#app/components/ui/field'
import { UploadProgress, uploadClientAction } from '#app/components/upload/transfer'
import { useUploadField } from '#app/components/upload/upload-field'
import { pagePath } from '#app/paths'
import { LOGO_UPLOAD } from '#domain/uploads'
import { companyRegistrationSchema, LOGO_MAX_BYTES, type CompanyRegistrationValues } from '#domain/validation/company'
import type { Route } from './+types/company-register'

/** Spec §8 and §9: the failure text, and 4 s before /login after a success. */
const FAILURE = 'Error al registrar usuario, intenta nuevamente'
const REDIRECT_MS = 4000
const SECRET_FIELDS = ['password', 'confirmPassword']
const DRAFT_FIELDS = [
  'name_business',
  'rut',
  'contact_name',
  'email',
  'phone',
  'id_zone',
  'id_region',
  'id_commune',
] as const
// The logo (≤ 3 MB) and the fields: anything larger is refused before it is read, or as it arrives.
const MAX_BODY_BYTES = LOGO_MAX_BYTES + 256 * 1024

export const meta: Route.MetaFunction = () => [
  { title: 'Registro de empresas | Fleeters' },
  {
    name: 'description',
    content: 'Crea la cuenta de tu empresa en Fleeters y publica ofertas para conductores de última milla.',
  },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request)
  if (session) throw redirect(homeFor(session.user.role))
  return {
    places: await loadPlaces(context, null, null),
    constraint: getZodConstraint(companyRegistrationSchema),
    links: termsLinks(),
  }
}

type ActionData =
  | { done: true; message: string }
  | { done: false; result?: SubmissionResult<string[]>; places?: PlaceChoice; draft?: Record<string, string> }

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readUpload(request, { maxFileSize: LOGO_MAX_BYTES, maxTotalSize: MAX_BODY_BYTES })
  if (formData === 'too-large') {
    return data<ActionData>(
      { done: false, result: { status: 'error', error: { '': [LOGO_UPLOAD.messages.tooLarge] } } },
      { status: 413 },
    )
  }
  if (formData === 'invalid')
    return data<ActionData>({ done: false, result: { status: 'error', error: { '': [FAILURE] } } }, { status: 400 })
  const places = await loadPlaces(context, formData.get('id_zone'), formData.get('id_region'))
  if (formData.get('intent') === 'ubicacion') {
    // Without JS, 'Actualizar' brings the next list back with everything typed but the secrets.
    const draft = Object.fromEntries(DRAFT_FIELDS.map((k) => [k, String(formData.get(k) ?? '').slice(0, 200)]))
    return data<ActionData>({ done: false, places, draft })
  }
  const submission = parseWithZod(formData, { schema: companyRegistrationSchema })
  if (submission.status !== 'success')
    return data<ActionData>(
      { done: false, result: submission.reply({ hideFields: SECRET_FIELDS }), places },
      { status: 400 },
    )
  const { confirmPassword: _confirm, logoBusiness, ...payload } = submission.value
  const res = await businessApi.register(context, payload, logoBusiness)
  if (!res.ok) {
    const errors = messageList(res.message).map((m) => `${FAILURE}. ${m}`)
    return data<ActionData>(
      { done: false, result: submission.reply({ formErrors: errors, hideFields: SECRET_FIELDS }), places },
      { status: res.status },
    )
  }
  if (fromEnhancedPage(formData)) return data<ActionData>({ done: true, message: res.data.message })
  throw redirect('/login', {
    headers: { 'Set-Cookie': await setToast({ type: 'success', message: res.data.message, durationMs: REDIRECT_MS }) },
  })
}

function Registered({ message }: { message: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <div role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900">
      {message} Te llevaremos a iniciar sesión en unos segundos…
    </div>
  )
}

const loadSchema = () => import('#domain/validation/company').then((m) => m.companyRegistrationSchema)

function RegistrationForm({
  actionData,
  places,
  constraint,
  links,
}: {
  actionData?: Extract<ActionData, { done: false }>
  places: PlaceChoice
  constraint: Constraint
  links: TermsLinks
}) {
  const { onValidate, ...loadOn } = useLazyValidation<CompanyRegistrationValues>(loadSchema)
  const [form, fields] = useForm<CompanyRegistrationValues>({
    id: 'registro-empresa',
    lastResult: actionData?.result,
    defaultValue: actionData?.draft,
    constraint,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const logo = useUploadField(LOGO_UPLOAD)
  const text = (
    name: 'name_business' | 'rut' | 'contact_name' | 'email' | 'phone',
    type: 'text' | 'email' | 'tel' = 'text',
  ) => getInputProps(fields[name], { type })
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      {...loadOn}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2"
    >
      {/* Enter submits the registration, not 'Actualizar'. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      <JsMarker />
      {form.errors?.length ? (
        <div className="sm:col-span-2">
          <Alert tone="error" id="registro-error" messages={form.errors} />
        </div>
      ) : null}
      <InputField
        className="sm:col-span-2"
        label="Nombre de la empresa"
        inputProps={{ ...text('name_business'), autoComplete: 'organization' }}
        errors={fields.name_business.errors}
      />
      <InputField
        label="RUT de la empresa"
        hint="Ejemplo: 76123456-0"
        inputProps={{ ...text('rut'), autoComplete: 'off' }}
        errors={fields.rut.errors}
      />
      <InputField
        label="Nombre de contacto"
        inputProps={{ ...text('contact_name'), autoComplete: 'name' }}
        errors={fields.contact_name.errors}
      />
      <InputField
        label="Correo electrónico"
        inputProps={{ ...text('email', 'email'), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <InputField
        label="Teléfono"
        hint="Entre 8 y 15 dígitos; puedes escribirlo con espacios o con +56."
        inputProps={{ ...text('phone', 'tel'), autoComplete: 'tel', inputMode: 'tel' }}
        errors={fields.phone.errors}
      />
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Ubicación de la empresa</legend>
        <PlaceFields
          key={`${places.zone}-${places.region}`}
          places={places}
          commune={actionData?.draft?.id_commune ?? ''}
          idPrefix="registro"
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
                Elige la zona o la región y presiona «Actualizar» para ver la siguiente lista. La contraseña y el logo
                se eligen después.
              </p>
            </div>
          }
        />
      </fieldset>
      <FileField
        className="sm:col-span-2"
        label="Logo de la empresa (opcional)"
        limit={LOGO_UPLOAD.limitText}
        note={logo.note}
        inputProps={{
          ...getInputProps(fields.logoBusiness, { type: 'file' }),
          accept: LOGO_UPLOAD.accept,
          ...logo.inputProps,
        }}
        errors={logo.errors ?? fields.logoBusiness.errors}
      />
      <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
      <CheckboxField
        className="sm:col-span-2"
        label={<TermsLabel links={links} />}
        inputProps={{ ...getInputProps(fields.acceptTerms, { type: 'checkbox' }), value: 'on' }}
        errors={fields.acceptTerms.errors}
      />
      <div className="space-y-3 sm:col-span-2">
        <UploadProgress />
        <SubmitButton className="w-full sm:w-auto" pendingText="Registrando…">
          Registrar empresa
        </SubmitButton>
      </div>
    </Form>
  )
}

/** With JS, a logo travels through XMLHttpRequest so its progress shows. */
export function clientAction(args: Route.ClientActionArgs) {
  return uploadClientAction(args, pagePath('/empresas/registro/subida'))
}

export default function CompanyRegisterRoute() {
  const { places, constraint, links } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <main id="contenido" className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-bold text-slate-900">Registra tu empresa</h1>
      <p className="mt-1 text-slate-700">
        Publica rutas y encuentra conductores validados. ¿Ya tienes cuenta?{' '}
        <Link to="/login" className="font-medium text-brand-700 underline">
          Inicia sesión
        </Link>
      </p>
      <div className="mt-6">
        {actionData?.done ? (
          <Registered message={actionData.message} />
        ) : (
          <RegistrationForm
            key={JSON.stringify(actionData?.draft ?? null)}
            actionData={actionData}
            places={actionData?.places ?? places}
            constraint={constraint}
            links={links}
          />
        )}
      </div>
    </main>
  )
}
