import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form, Link } from 'react-router'
import type { ActionReply } from '#app/components/action-reply'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { SubmitButton } from '#app/components/ui/button'
import { CheckboxField, InputField } from '#app/components/ui/field'
import { DELETION_GRACE_DAYS, DELETION_SUMMARY } from '#domain/account-closure'
import type { AccountPrivacyState } from '#domain/contract/users'
import { formatDate } from '#domain/format'

type AccountRole = 'User' | 'business'

const loadSchema = () => import('#domain/validation/account-closure').then((m) => m.deleteAccountSchema)

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm'

/** Where «Mis datos» is for each role (the page that links here). */
export const MY_DATA_PATH: Record<AccountRole, string> = {
  User: '/user/dashboard/settings/mis-datos',
  business: '/business/dashboard/mis-datos',
}

function BackLink({ role }: { role: AccountRole }) {
  return (
    <Link
      to={MY_DATA_PATH[role]}
      className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
    >
      Volver a «Mis datos»
    </Link>
  )
}

/**
 * «Eliminar mi cuenta» (Ley 21.719, supresión; decision 76): what happens and when, what is
 * removed, what is kept and why, then the password and a confirmation. Works without JS.
 */
export function DeleteAccountPage({ area: role, feedback }: { area: AccountRole; feedback?: ActionReply }) {
  const { onValidate, ...loadOn } = useLazyValidation<{ password: string; confirm: 'on' }>(loadSchema)
  const [form, fields] = useForm({
    id: 'eliminar-cuenta',
    lastResult: feedback?.result,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const removed = DELETION_SUMMARY[role].removed
  return (
    <main id="contenido" className="max-w-3xl space-y-6">
      <BackLink role={role} />
      <h1 className="text-2xl font-bold text-slate-900">Eliminar mi cuenta</h1>
      <section aria-labelledby="que-pasa" className={CARD}>
        <h2 id="que-pasa" className="text-lg font-semibold text-slate-900">
          Qué pasa si la eliminas
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
          <li>
            Al confirmar, cerramos tu sesión en todos tus dispositivos y tu cuenta deja de usarse:{' '}
            {role === 'User'
              ? 'las empresas dejan de ver tus postulaciones.'
              : 'los conductores dejan de ver tus publicaciones.'}
          </li>
          <li>Te enviamos un correo con la fecha en que se eliminará, {DELETION_GRACE_DAYS} días después.</li>
          <li>
            <strong>Si cambias de opinión, inicia sesión antes de esa fecha</strong>: la eliminación se cancela y tu
            cuenta sigue como estaba.
          </li>
          <li>Ese día borramos tus datos personales y tus archivos, y te enviamos un último correo.</li>
        </ol>
      </section>
      <section aria-labelledby="se-borra" className={CARD}>
        <h2 id="se-borra" className="text-lg font-semibold text-slate-900">
          Qué borramos
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
          {removed.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h2 className="mt-5 text-lg font-semibold text-slate-900">Qué guardamos y por qué</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
          {DELETION_SUMMARY.kept.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-700">
          Fleeters no cobra pagos ni emite facturas, así que no hay registros contables que conservar.
        </p>
      </section>
      <section aria-labelledby="confirmar" className={CARD}>
        <h2 id="confirmar" className="text-lg font-semibold text-slate-900">
          Confirma con tu contraseña
        </h2>
        <Form method="post" {...getFormProps(form)} {...loadOn} className="mt-4 space-y-4">
          <JsMarker />
          <Alert tone="error" messages={form.errors} id="eliminar-cuenta-error" replyId={feedback?.id} focus />
          <InputField
            label="Contraseña"
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
            errors={fields.password.errors}
          />
          <CheckboxField
            label={`Entiendo que mi cuenta se eliminará en ${DELETION_GRACE_DAYS} días si no inicio sesión antes.`}
            inputProps={getInputProps(fields.confirm, { type: 'checkbox' })}
            errors={fields.confirm.errors}
          />
          <SubmitButton variant="danger" pendingText="Enviando…" className="w-full sm:w-auto">
            Eliminar mi cuenta
          </SubmitButton>
        </Form>
      </section>
    </main>
  )
}

function ToggleForm({ intent, on, label, pending }: { intent: string; on: boolean; label: string; pending: string }) {
  return (
    <Form method="post" className="mt-4">
      <JsMarker />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="value" value={on ? 'on' : 'off'} />
      <SubmitButton variant="secondary" pendingText={pending} className="w-full sm:w-auto">
        {label}
      </SubmitButton>
    </Form>
  )
}

/**
 * «Pausar mi perfil» (blocking; drivers) and the opposition to non-essential mails (drivers and
 * companies), read from the loader's account states (decision 76).
 */
export function PauseProfilePage({
  area: role,
  state,
  feedback,
}: {
  area: AccountRole
  state: AccountPrivacyState
  feedback?: ActionReply
}) {
  return (
    <main id="contenido" className="max-w-3xl space-y-6">
      <BackLink role={role} />
      <h1 className="text-2xl font-bold text-slate-900">
        {role === 'User' ? 'Pausar mi perfil o dejar de recibir correos' : 'Correos no esenciales'}
      </h1>
      {role === 'User' ? (
        <section aria-labelledby="pausa" className={CARD}>
          <h2 id="pausa" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            Tu perfil
            {state.paused_at ? (
              <Badge tone="warning">Pausado desde el {formatDate(state.paused_at)}</Badge>
            ) : (
              <Badge tone="success">Visible</Badge>
            )}
          </h2>
          <p className="mt-2 text-slate-800">
            {state.paused_at ? 'Mientras tu perfil está pausado' : 'Si lo pausas'}, las empresas no te ven en sus listas
            de postulantes ni pueden abrir tu perfil, y tus postulaciones quedan congeladas: no puedes postular a nuevas
            publicaciones. Tus datos no se borran; cuando lo reanudes, todo vuelve a estar como antes.
          </p>
          <Alert
            tone="error"
            messages={feedback?.intent === 'pause' ? feedback.errors : undefined}
            replyId={feedback?.id}
            className="mt-4"
            focus
          />
          {state.paused_at ? (
            <ToggleForm intent="pause" on={false} label="Reanudar mi perfil" pending="Reanudando…" />
          ) : (
            <ToggleForm intent="pause" on label="Pausar mi perfil" pending="Pausando…" />
          )}
        </section>
      ) : null}
      <section aria-labelledby="oposicion" className={CARD}>
        <h2 id="oposicion" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
          {role === 'User' ? 'Correos no esenciales' : 'Qué correos son'}
          {state.opted_out_at ? <Badge tone="warning">Desactivados</Badge> : <Badge tone="success">Activados</Badge>}
        </h2>
        <p className="mt-2 text-slate-800">
          {role === 'User'
            ? 'Son los recordatorios de vencimiento de tus documentos (las fechas siguen en tu panel).'
            : 'Son los avisos de nuevos postulantes (las postulaciones siguen en tu panel).'}{' '}
          Los correos necesarios para tu cuenta te llegarán siempre: códigos, contraseña, decisiones sobre tus{' '}
          {role === 'User' ? 'documentos y postulaciones' : 'publicaciones'} y respuestas a tus solicitudes.
        </p>
        <Alert
          tone="error"
          messages={feedback?.intent === 'opt-out' ? feedback.errors : undefined}
          replyId={feedback?.id}
          className="mt-4"
          focus
        />
        {state.opted_out_at ? (
          <ToggleForm intent="opt-out" on={false} label="Volver a recibir correos no esenciales" pending="Guardando…" />
        ) : (
          <ToggleForm intent="opt-out" on label="Dejar de recibir correos no esenciales" pending="Guardando…" />
        )}
      </section>
    </main>
  )
}
