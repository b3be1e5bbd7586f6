import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { Form } from 'react-router'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { InputField, SelectField } from '#app/components/ui/field'
import { CancelLink, ConfirmDeleteModal, Modal } from '#app/components/ui/modal'
import { ACCOUNT_TYPES, BANKS, INVOICE_TYPES, RECEIPT_ISSUANCE_OPTIONS } from '#domain/reference-data/banking'
import type { BankFormValues } from '#domain/validation/bank'
import { BANK_MESSAGES, TODOS_LOS_CAMPOS } from '#domain/validation/bank-view'
import type { BankView } from './bank-list'
import type { ProfileReply } from './profile'

const loadSchema = () => import('#domain/validation/bank').then((m) => m.bankFormSchema)

/** Spec §5: these show as one alert at the top of the form (3 s with JS), not under a field. */
const ALERT_MESSAGES: string[] = [TODOS_LOS_CAMPOS, BANK_MESSAGES.needsFactura, BANK_MESSAGES.needsBoleta]
const BANK_ALERT_MS = 3000

function split(errors: string[] | undefined) {
  const own = (errors ?? []).filter((e) => !ALERT_MESSAGES.includes(e))
  return { errors: own, invalid: Boolean(errors?.length) }
}

/** Add and edit modals; the edit one is prefilled and sends only what changed (the action decides). */
export function BankFormModal({
  bank,
  closeTo,
  feedback,
}: {
  bank: BankView | null
  closeTo: string
  feedback?: ProfileReply
}) {
  const editing = bank !== null
  const [attempt, setAttempt] = useState(0)
  const { onValidate, ...loadOn } = useLazyValidation<BankFormValues>(loadSchema)
  const [form, fields] = useForm({
    id: editing ? `cuenta-${bank.id_bank_detail}` : 'cuenta-nueva',
    lastResult: feedback?.result,
    // The stored record under the form's names (name_account is the holder).
    defaultValue: bank ? { ...bank, name_account: bank.account_holder_name } : undefined,
    onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  })
  const all = Object.values(form.allErrors).flat()
  const alerts = ALERT_MESSAGES.filter((m) => all.includes(m))
  const formProps = getFormProps(form)
  const field = (meta: { errors?: string[] }) => split(meta.errors)

  return (
    <Modal title={editing ? 'Editar cuenta bancaria' : 'Agregar cuenta bancaria'} closeTo={closeTo} wide>
      <Form
        method="post"
        {...formProps}
        {...loadOn}
        onSubmit={(event) => {
          setAttempt((n) => n + 1)
          formProps.onSubmit(event)
        }}
        noValidate
        preventScrollReset
        className="grid gap-4 sm:grid-cols-2"
      >
        <JsMarker />
        <input type="hidden" name="intent" value={editing ? 'edit' : 'add'} />
        {editing ? <input type="hidden" name="id" value={bank.id_bank_detail} /> : null}
        <div className="space-y-2 sm:col-span-2">
          <Alert
            tone="error"
            messages={alerts}
            id="cuenta-alerta"
            durationMs={BANK_ALERT_MS}
            replyId={`${attempt}-${feedback?.id ?? ''}`}
          />
          <Alert tone="error" messages={form.errors} replyId={feedback?.id} durationMs={4000} />
          <Alert
            tone="info"
            messages={feedback?.notice ? [feedback.notice] : null}
            replyId={feedback?.id}
            durationMs={4000}
          />
        </div>
        <InputField
          label="Nombre del titular"
          inputProps={{
            ...getInputProps(fields.name_account, { type: 'text' }),
            autoComplete: 'name',
            autoFocus: true,
          }}
          {...field(fields.name_account)}
        />
        <SelectField
          label="Banco"
          selectProps={getSelectProps(fields.bank_name)}
          options={BANKS}
          {...field(fields.bank_name)}
        />
        <SelectField
          label="Tipo de cuenta"
          selectProps={getSelectProps(fields.account_type)}
          options={ACCOUNT_TYPES}
          {...field(fields.account_type)}
        />
        <InputField
          label="Número de cuenta"
          inputProps={{ ...getInputProps(fields.account_number, { type: 'text' }), inputMode: 'numeric' }}
          {...field(fields.account_number)}
        />
        <InputField
          label="Teléfono"
          hint="11 dígitos que comienzan con 569, por ejemplo +56 9 8765 4321."
          inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), inputMode: 'tel', autoComplete: 'tel' }}
          {...field(fields.phone)}
        />
        <InputField
          label="Correo electrónico"
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          {...field(fields.email)}
        />
        <SelectField
          label="Emisión de boleta"
          selectProps={getSelectProps(fields.receipt_issuance)}
          options={RECEIPT_ISSUANCE_OPTIONS}
          {...field(fields.receipt_issuance)}
        />
        <SelectField
          label="Tipo de documento"
          selectProps={getSelectProps(fields.invoice_type)}
          options={INVOICE_TYPES}
          {...field(fields.invoice_type)}
        />
        <InputField
          className="sm:col-span-2"
          label="Dirección SII"
          inputProps={{ ...getInputProps(fields.sii_address, { type: 'text' }), autoComplete: 'street-address' }}
          {...field(fields.sii_address)}
        />
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <CancelLink to={closeTo} />
          <SubmitButton pendingText="Guardando…">{editing ? 'Guardar cambios' : 'Agregar cuenta'}</SubmitButton>
        </div>
      </Form>
    </Modal>
  )
}

export function DeleteBankModal({
  bank,
  closeTo,
  feedback,
}: {
  bank: BankView
  closeTo: string
  feedback?: ProfileReply
}) {
  return (
    <ConfirmDeleteModal
      title="Eliminar cuenta bancaria"
      closeTo={closeTo}
      intent="delete"
      id={bank.id_bank_detail}
      feedback={feedback}
    >
      ¿Seguro que quieres eliminar la cuenta de <strong>{bank.bank_name}</strong> terminada en{' '}
      {bank.account_number.slice(-4)}?
    </ConfirmDeleteModal>
  )
}
