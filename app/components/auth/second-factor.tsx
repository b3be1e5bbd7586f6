import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { JsMarker } from '#app/components/js-marker'
import { Alert } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { InputField } from '#app/components/ui/field'

/** The enrolment's QR code (an SVG drawn by the server) and the secret to type instead (decision 77). */
export function EnrolmentCode({ qrSvg, secret }: { qrSvg: string; secret: string }) {
  return (
    <div className="space-y-3">
      <ol className="list-decimal space-y-1 pl-5 text-slate-700">
        <li>Abre tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password u otra).</li>
        <li>Escanea este código QR, o escribe la clave a mano.</li>
        <li>Ingresa el código de 6 dígitos que muestra la aplicación.</li>
      </ol>
      <div
        role="img"
        aria-label="Código QR para agregar Fleeters a tu aplicación de autenticación"
        className="mx-auto w-48 max-w-full bg-white [&>svg]:h-auto [&>svg]:w-full"
        // The server's own SVG (qrcode): paths only, no script, no outside content.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p className="text-sm text-slate-700">Clave para escribir a mano:</p>
      {/* Groups never break inside: a line ends only between them. */}
      <code
        className="block rounded bg-slate-100 px-3 py-2 font-mono text-base text-slate-900"
        data-testid="totp-secret"
      >
        {secret.split(' ').map((group, i) => (
          <span key={i}>
            {i ? ' ' : ''}
            <span className="whitespace-nowrap">{group}</span>
          </span>
        ))}
      </code>
    </div>
  )
}

/** The 10 recovery codes, shown once. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <p className="text-slate-700">
        Guarda estos códigos de recuperación en un lugar seguro. Cada uno sirve <strong>una sola vez</strong> para
        entrar si no tienes tu teléfono. No los volveremos a mostrar.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 font-mono text-base text-slate-900"
        aria-label="Códigos de recuperación"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** One code field (6 digits, or a recovery code when `recovery`), posted with `intent`. */
export function FactorCodeForm({
  id,
  intent,
  label,
  submit,
  pending,
  result,
  recovery,
  withPassword,
}: {
  id: string
  intent: string
  label: string
  submit: string
  pending: string
  result?: SubmissionResult<string[]>
  recovery?: boolean
  /** The account's password too (turning the factor off). */
  withPassword?: boolean
}) {
  const [form, fields] = useForm<{ code: string; password: string }>({
    id,
    lastResult: result,
    shouldValidate: 'onSubmit',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <JsMarker />
      <input type="hidden" name="intent" value={intent} />
      {form.errors?.length ? <Alert tone="error" id={`${id}-error`} messages={[form.errors.join(' ')]} /> : null}
      {withPassword ? (
        <InputField
          label="Contraseña"
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
          errors={fields.password.errors}
        />
      ) : null}
      <InputField
        label={label}
        inputProps={{
          ...getInputProps(fields.code, { type: 'text' }),
          inputMode: recovery ? 'text' : 'numeric',
          autoComplete: 'one-time-code',
          maxLength: recovery ? 11 : 6,
        }}
        errors={fields.code.errors}
      />
      <SubmitButton className="w-full" pendingText={pending}>
        {submit}
      </SubmitButton>
    </Form>
  )
}
