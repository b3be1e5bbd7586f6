/** The mails of «Eliminar mi cuenta» and of inactive accounts (decision 76). All are essential. */
import { formatDate } from '#domain/format'
import { link, mail } from '#services/platform/messaging/mail-template'
import type { EmailMessage } from '#services/platform/messaging/outbox'

/** The last mail to a deleted account's address; the job purges its outbox row once sent. */
export const ACCOUNT_DELETED_SUBJECT = 'Tu cuenta de Fleeters fue eliminada'

export function deletionRequestedMail(to: string, firstname: string, dueAt: Date, loginUrl: string): EmailMessage {
  const date = formatDate(dueAt, 'long')
  return mail({ to, subject: 'Pediste eliminar tu cuenta de Fleeters' }, [
    `Hola ${firstname}:`,
    `Recibimos tu solicitud para eliminar tu cuenta. Cerramos tu sesión en todos tus dispositivos y el ${date} ` +
      'eliminaremos tus datos personales y tus archivos.',
    `Si cambias de opinión, inicia sesión antes del ${date}: así se cancela la ` +
      `eliminación y tu cuenta sigue como estaba.`,
    'Si no fuiste tú, inicia sesión ahora y cambia tu contraseña.',
    link('Iniciar sesión', loginUrl),
  ])
}

export function deletionCancelledMail(to: string, firstname: string): EmailMessage {
  return mail({ to, subject: 'Cancelaste la eliminación de tu cuenta de Fleeters' }, [
    `Hola ${firstname}:`,
    'Iniciaste sesión, así que cancelamos la eliminación de tu cuenta. Tu cuenta y tus datos siguen como estaban.',
    'Si quieres eliminarla, puedes pedirlo nuevamente desde «Mis datos».',
  ])
}

export function accountDeletedMail(to: string, firstname: string): EmailMessage {
  return mail({ to, subject: ACCOUNT_DELETED_SUBJECT }, [
    `Hola ${firstname}:`,
    'Eliminamos tu cuenta de Fleeters: tus datos personales y tus archivos ya no están en la plataforma.',
    'Guardamos, sin tu nombre ni tu correo, el registro de tus solicitudes y de las condiciones que aceptaste, ' +
      'como nos pide la ley. Este es el último correo que te enviamos.',
  ])
}

export function inactivityWarningMail(to: string, firstname: string, dueAt: Date, loginUrl: string): EmailMessage {
  const date = formatDate(dueAt, 'long')
  return mail({ to, subject: 'Tu cuenta de Fleeters se eliminará por inactividad' }, [
    `Hola ${firstname}:`,
    'Hace más de dos años que no inicias sesión en Fleeters. Para no guardar datos que ya no usas, ' +
      `el ${date} eliminaremos tu cuenta, tus datos personales y tus archivos.`,
    'Si quieres conservarla, basta con que inicies sesión antes de esa fecha.',
    link('Iniciar sesión', loginUrl),
  ])
}
