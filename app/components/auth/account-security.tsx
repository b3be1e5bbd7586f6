import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import type { ActionReply } from '#app/components/action-reply'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { SubmitButton } from '#app/components/ui/button'
import { InputField } from '#app/components/ui/field'
import { formatDateTime, formatTimeAgo } from '#domain/format'
import type { ChangePasswordValues } from '#domain/validation/auth'
import { NewPasswordFields } from './new-password-fields'

const loadSchema = () => import('#domain/validation/auth').then((m) => m.changePasswordSchema)

/** One open session of the account, as the users service lists it. */
export interface SessionView {
  id: string
  device: string
  created_at: string
  last_seen_at: string
  current: boolean
}

/** What the «Seguridad» action answers when it does not redirect (app/.server/account-security.ts). */
export type SecurityFeedback = ActionReply

/**
 * The «Seguridad» page of drivers and companies: change the password (the
 * current one, then the new one twice; the other devices are signed out), and the account's open
 * sessions with «Cerrar sesión en los demás dispositivos». Forms that work without JS.
 */
export function AccountSecurity({
  sessions,
  now,
  feedback,
}: {
  sessions: SessionView[]
  now: number
  feedback?: SecurityFeedback
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <ChangePasswordSection feedback={feedback?.intent === 'change-password' ? feedback : undefined} />
      <SessionsSection
        sessions={sessions}
        now={now}
        feedback={feedback?.intent === 'change-password' ? undefined : feedback}
      />
    </div>
  )
}

function ChangePasswordSection({ feedback }: { feedback?: SecurityFeedback }) {
  const { onValidate, ...loadOn } = useLazyValidation<ChangePasswordValues>(loadSchema)
  const [form, fields] = useForm({
    id: 'cambiar-contrasena',
    lastResult: feedback?.result,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <section
      aria-labelledby="cambiar-contrasena-titulo"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="cambiar-contrasena-titulo" className="text-lg font-semibold text-slate-900">
        Cambiar contraseña
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Al cambiarla, cerraremos tu sesión en los demás dispositivos. En este seguirás conectado.
      </p>
      <Form method="post" {...getFormProps(form)} {...loadOn} className="mt-4 space-y-4">
        <JsMarker />
        <input type="hidden" name="intent" value="change-password" />
        <Alert tone="error" messages={form.errors} id="cambiar-contrasena-error" replyId={feedback?.id} focus />
        <InputField
          label="Contraseña actual"
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.currentPassword.errors}
        />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          label="Nueva contraseña"
          confirmLabel="Repite la nueva contraseña"
        />
        <SubmitButton pendingText="Guardando…" className="w-full sm:w-auto">
          Cambiar contraseña
        </SubmitButton>
      </Form>
    </section>
  )
}

function SessionsSection({
  sessions,
  now,
  feedback,
}: {
  sessions: SessionView[]
  now: number
  feedback?: SecurityFeedback
}) {
  const others = sessions.filter((s) => !s.current)
  const at = new Date(now)
  return (
    <section aria-labelledby="sesiones-titulo" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="sesiones-titulo" className="text-lg font-semibold text-slate-900">
        Sesiones activas
      </h2>
      <p className="mt-1 text-sm text-slate-700">Los dispositivos donde tu cuenta está abierta ahora.</p>
      <Alert tone="error" messages={feedback?.errors} replyId={feedback?.id} className="mt-4" focus />
      <ul className="mt-4 divide-y divide-slate-200" data-testid="sesiones">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {s.device}
                {s.current ? <Badge tone="success">Este dispositivo</Badge> : null}
              </p>
              <p className="text-sm text-slate-600">
                Última actividad: {s.current ? 'ahora' : formatTimeAgo(s.last_seen_at, at)} · Inició sesión el{' '}
                {formatDateTime(s.created_at)}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <JsMarker />
                <input type="hidden" name="intent" value="close-session" />
                <SubmitButton variant="secondary" name="id" value={s.id} pendingText="Cerrando…" className="px-3">
                  Cerrar sesión<span className="sr-only"> en {s.device}</span>
                </SubmitButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length ? (
        <Form method="post" className="mt-5 border-t border-slate-200 pt-4">
          <JsMarker />
          <input type="hidden" name="intent" value="close-others" />
          <SubmitButton variant="danger-outline" pendingText="Cerrando sesiones…" className="w-full sm:w-auto">
            Cerrar sesión en los demás dispositivos
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-5 border-t border-slate-200 pt-4 text-sm text-slate-700">
          No tienes sesiones abiertas en otros dispositivos.
        </p>
      )}
    </section>
  )
}

/**
 * The «Seguridad» page of drivers and companies, from its route's loader (`sessions`, `now`:
 * app/.server/account-security.ts securityLoader) and action (securityAction); `children` follow
 * (the company's second factor).
 */
export function AccountSecurityPage({
  sessions,
  now,
  feedback,
  children,
}: {
  sessions: SessionView[]
  now: number
  feedback?: SecurityFeedback
  children?: React.ReactNode
}) {
  return (
    <main id="contenido" className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Seguridad</h1>
      <AccountSecurity sessions={sessions} now={now} feedback={feedback} />
      {children}
    </main>
  )
}
