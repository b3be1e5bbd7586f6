import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { HoneypotInputProps } from 'remix-utils/honeypot/server'
import { useLazyValidation, type Constraint } from '#app/components/lazy-validation'
import { OutcomeAlert, type FormOutcome } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { autoFocusFirstInvalid, InputField, TextAreaField } from '#app/components/ui/field'
import type { BusinessContactValues } from '#domain/validation/contact'
import { isBusinessContactSubmissionEmpty } from '#domain/validation/submission'
import { HoneypotFields } from './honeypot'

/** POST /business/contact-business (spec §5 "Business contact"). */
const loadSchema = () => import('#domain/validation/contact').then((m) => m.businessContactSchema)

export function BusinessContactForm({
  result,
  outcome,
  honeypot,
  constraint,
}: {
  result?: SubmissionResult<string[]>
  outcome?: FormOutcome | null
  honeypot: HoneypotInputProps
  /** getZodConstraint of the schema, from the loader. */
  constraint: Constraint
}) {
  const { onValidate, ...loadOn } = useLazyValidation<BusinessContactValues>(loadSchema)
  const [form, fields] = useForm({
    id: 'contacto-empresa',
    lastResult: result,
    constraint,
    onValidate,
    // Not on blur: a message appearing on blur moves the submit button away from the click.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })

  const focus = autoFocusFirstInvalid(fields, ['fullname', 'name_business', 'email', 'phone', 'message'])

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // Spec §5: a submission with every field empty is ignored.
    if (isBusinessContactSubmissionEmpty(Object.fromEntries(new FormData(event.currentTarget)))) {
      event.preventDefault()
      return
    }
    form.onSubmit(event)
  }

  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <OutcomeAlert outcome={outcome} id="contacto-empresa-resultado" />
      </div>
      <HoneypotFields from={honeypot} formId="contacto-empresa" />
      <InputField
        label="Nombre completo"
        inputProps={{ ...getInputProps(fields.fullname, { type: 'text' }), ...focus('fullname'), autoComplete: 'name' }}
        errors={fields.fullname.errors}
      />
      <InputField
        label="Nombre de la empresa"
        inputProps={{
          ...getInputProps(fields.name_business, { type: 'text' }),
          ...focus('name_business'),
          autoComplete: 'organization',
        }}
        errors={fields.name_business.errors}
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
      <TextAreaField
        className="sm:col-span-2"
        label="Mensaje"
        hint="Entre 10 y 1000 caracteres."
        textareaProps={{ ...getTextareaProps(fields.message), ...focus('message') }}
        errors={fields.message.errors}
      />
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="contacto" className="w-full sm:w-auto" pendingText="Enviando…">
          Enviar mensaje
        </SubmitButton>
      </div>
    </Form>
  )
}
