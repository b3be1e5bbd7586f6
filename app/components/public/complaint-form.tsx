import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { HoneypotInputProps } from 'remix-utils/honeypot/server'
import { useLazyValidation, type Constraint } from '#app/components/lazy-validation'
import { OutcomeAlert, type FormOutcome } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { autoFocusFirstInvalid, InputField, TextAreaField } from '#app/components/ui/field'
import type { ComplaintType, InquiryType } from '#domain/reference-data/inquiries'
import type { ComplaintValues } from '#domain/validation/complaint'
import { HoneypotFields } from './honeypot'

const loadSchema = () => import('#domain/validation/complaint').then((m) => m.complaintSchema)

/** Step 3 of the wizard: POST /contact/send-email-inquiries-complaints (spec §5 "Complaint form"). */
export function ComplaintForm({
  type,
  complaintType,
  result,
  outcome,
  honeypot,
  constraint,
}: {
  type: InquiryType
  complaintType: ComplaintType | null
  result?: SubmissionResult<string[]>
  outcome?: FormOutcome | null
  honeypot: HoneypotInputProps
  /** getZodConstraint of the schema, from the loader. */
  constraint: Constraint
}) {
  const { onValidate, ...loadOn } = useLazyValidation<ComplaintValues>(loadSchema)
  const [form, fields] = useForm({
    id: `ayuda-${type}-${complaintType ?? 'consulta'}`,
    lastResult: result,
    constraint,
    onValidate,
    // Not on blur: a message appearing on blur moves the submit button away from the click.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const focus = autoFocusFirstInvalid(fields, ['name', 'phone', 'email', 'message'])
  const typeErrors = [...(fields.type.errors ?? []), ...(fields.selectedComplainsType.errors ?? [])]
  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <OutcomeAlert outcome={outcome} id="ayuda-resultado" />
        {typeErrors.length ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {typeErrors.join(' ')}
          </p>
        ) : null}
      </div>
      <HoneypotFields from={honeypot} formId="ayuda" />
      <input type="hidden" name="type" value={type} />
      {complaintType ? <input type="hidden" name="selectedComplainsType" value={complaintType} /> : null}
      <InputField
        className="sm:col-span-2"
        label="Nombre"
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), ...focus('name'), autoComplete: 'name' }}
        errors={fields.name.errors}
      />
      <InputField
        label="Teléfono"
        hint="Entre 9 y 15 dígitos; puedes escribirlo con espacios o con +56."
        inputProps={{
          ...getInputProps(fields.phone, { type: 'tel' }),
          ...focus('phone'),
          autoComplete: 'tel',
          inputMode: 'tel',
        }}
        errors={fields.phone.errors}
      />
      <InputField
        label="Correo electrónico"
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), ...focus('email'), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Mensaje"
        hint="Hasta 1500 caracteres."
        textareaProps={{ ...getTextareaProps(fields.message), ...focus('message') }}
        errors={fields.message.errors}
      />
      <div className="sm:col-span-2">
        <SubmitButton className="w-full sm:w-auto" pendingText="Enviando…">
          Enviar
        </SubmitButton>
      </div>
    </Form>
  )
}
