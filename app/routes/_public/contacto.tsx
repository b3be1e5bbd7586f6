import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData, useLoaderData } from 'react-router'
import { joinMessage } from '#app/.server/backend/client'
import { publicSiteApi } from '#app/.server/backend/public-site'
import { parseForm } from '#app/.server/checked-forms'
import { useLazyValidation } from '#app/components/lazy-validation'
import { HoneypotFields } from '#app/components/public/honeypot'
import { PageHeader, seoMeta } from '#app/components/public/page'
import { OutcomeAlert } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { autoFocusFirstInvalid, InputField, TextAreaField } from '#app/components/ui/field'
import type { ContactValues } from '#domain/validation/contact'
import { contactSchema } from '#domain/validation/contact'
import { isContactSubmissionEmpty } from '#domain/validation/submission'
import type { Route } from './+types/contacto'
import { failureStatus, FORM_FAILURE, honeypotInputProps, outcome, passesHoneypot, siteOrigin } from './site.server'

/** Spec §8: contact answers stay 3 s. */
const ALERT_MS = 3000

export async function loader({ request }: Route.LoaderArgs) {
  return {
    origin: siteOrigin(request),
    honeypot: await honeypotInputProps(),
    constraint: getZodConstraint(contactSchema),
  }
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Contacto | Fleeters',
    description:
      'Escríbenos y el equipo de Fleeters te responderá a la brevedad. Conductores y ' +
      'empresas de última milla en Chile.',
    origin: data?.origin,
    path: '/contacto',
  })

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  // The values come back, so a person caught by mistake loses nothing.
  if (!(await passesHoneypot(formData))) {
    const result = parseWithZod(formData, { schema: contactSchema }).reply()
    return data({ result, outcome: outcome('error', FORM_FAILURE, ALERT_MS) }, { status: 400 })
  }
  // Spec §5: nothing happens when first name, last name, email and message are all empty.
  if (isContactSubmissionEmpty(Object.fromEntries(formData))) return { result: undefined, outcome: null }
  const submission = parseForm(formData, contactSchema)
  if (submission.status !== 'success') return data({ result: submission.reply(), outcome: null }, { status: 400 })
  const res = await publicSiteApi.sendContact(context, submission.value)
  if (!res.ok) {
    const failure = outcome('error', `Error al enviar el mensaje: ${joinMessage(res.message)}`, ALERT_MS)
    return data({ result: submission.reply(), outcome: failure }, { status: failureStatus(res.status) })
  }
  return { result: submission.reply({ resetForm: true }), outcome: outcome('success', res.data.message, ALERT_MS) }
}

const loadSchema = () => import('#domain/validation/contact').then((m) => m.contactSchema)

export default function ContactRoute() {
  const { honeypot, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { onValidate, ...loadOn } = useLazyValidation<ContactValues>(loadSchema)
  const [form, fields] = useForm({
    id: 'contacto',
    lastResult: actionData?.result,
    constraint,
    onValidate,
    // Not on blur: a message appearing on blur moves the submit button away from the click.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })

  const focus = autoFocusFirstInvalid(fields, ['firstName', 'lastName', 'email', 'phone', 'message'])

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (isContactSubmissionEmpty(Object.fromEntries(new FormData(event.currentTarget)))) {
      event.preventDefault()
      return
    }
    form.onSubmit(event)
  }

  return (
    <main id="contenido">
      <PageHeader
        title="Contáctanos"
        intro="¿Tienes dudas sobre Fleeters? Escríbenos y te responderemos a la brevedad."
      />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 pb-12 sm:px-6 lg:grid-cols-3">
        <Form
          method="post"
          {...getFormProps(form)}
          {...loadOn}
          onSubmit={onSubmit}
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2 lg:col-span-2"
        >
          <h2 className="text-lg font-semibold text-slate-900 sm:col-span-2">Envíanos un mensaje</h2>
          <div className="sm:col-span-2">
            <OutcomeAlert outcome={actionData?.outcome} id="contacto-resultado" />
          </div>
          <HoneypotFields from={honeypot} formId="contacto" />
          <InputField
            label="Nombre"
            inputProps={{
              ...getInputProps(fields.firstName, { type: 'text' }),
              ...focus('firstName'),
              autoComplete: 'given-name',
            }}
            errors={fields.firstName.errors}
          />
          <InputField
            label="Apellido"
            inputProps={{
              ...getInputProps(fields.lastName, { type: 'text' }),
              ...focus('lastName'),
              autoComplete: 'family-name',
            }}
            errors={fields.lastName.errors}
          />
          <InputField
            label="Correo electrónico"
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), ...focus('email'), autoComplete: 'email' }}
            errors={fields.email.errors}
          />
          <InputField
            label="Teléfono"
            hint="Por ejemplo +56 9 8765 4321 o 9 8765 4321."
            inputProps={{
              ...getInputProps(fields.phone, { type: 'tel' }),
              ...focus('phone'),
              autoComplete: 'tel',
              inputMode: 'tel',
            }}
            errors={fields.phone.errors}
          />
          <TextAreaField
            className="sm:col-span-2"
            label="Mensaje"
            hint="Entre 10 y 500 caracteres."
            textareaProps={{ ...getTextareaProps(fields.message), ...focus('message') }}
            errors={fields.message.errors}
          />
          <div className="sm:col-span-2">
            <SubmitButton className="w-full sm:w-auto" pendingText="Enviando…">
              Enviar mensaje
            </SubmitButton>
          </div>
        </Form>
        <aside className="space-y-4 rounded-xl bg-brand-50 p-6 text-slate-800">
          <h2 className="text-lg font-semibold text-brand-900">Otras formas de contacto</h2>
          <p>¿Eres empresa y necesitas conductores? Cuéntanos en la página de empresas.</p>
          <Link to="/empresas" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Ir a empresas
          </Link>
          <p>¿Tienes una consulta o un reclamo sobre un servicio? Usa nuestro formulario de ayuda.</p>
          <Link to="/ayuda" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Consultas y reclamos
          </Link>
        </aside>
      </div>
    </main>
  )
}
