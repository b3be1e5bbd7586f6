import { formatInteger } from '#domain/format'
import { code, link, list, mail, strong } from '#services/platform/messaging/mail-template'
import type { EmailMessage } from '#services/platform/messaging/outbox'

export function verificationCodeMail(to: string, firstname: string, verificationCode: string): EmailMessage {
  return mail({ to, subject: 'Tu código de verificación de Fleeters' }, [
    `Hola ${firstname}:`,
    ['Tu código de verificación es ', code(verificationCode), '. Vence en 15 minutos.'],
    'Si no intentaste iniciar sesión, ignora este correo.',
  ])
}

/** Sent once when an account reaches its limit of failed logins (decision 73). */
export function loginLockedMail(to: string, firstname: string, failures: number, recoverUrl: string): EmailMessage {
  return mail({ to, subject: 'Intentos fallidos de inicio de sesión en tu cuenta de Fleeters' }, [
    `Hola ${firstname}:`,
    `Hubo ${failures} intentos fallidos de iniciar sesión en tu cuenta en menos de 15 minutos. Por seguridad, ` +
      'durante un rato te pediremos un código, que te enviaremos a este correo, cada vez que inicies sesión.',
    [
      'Si fuiste tú, no tienes que hacer nada más. Si no fuiste tú, alguien podría estar intentando adivinar tu ' +
        'contraseña: te recomendamos cambiarla ',
      link('aquí', recoverUrl),
      '.',
    ],
  ])
}

export function passwordResetMail(to: string, firstname: string, resetUrl: string): EmailMessage {
  return mail({ to, subject: 'Restablece tu contraseña de Fleeters' }, [
    `Hola ${firstname}:`,
    'Para crear una nueva contraseña abre este enlace (vence en 1 hora y sirve una sola vez):',
    link('Crear una nueva contraseña', resetUrl),
    'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  ])
}

export function welcomeMail(to: string, firstname: string, loginUrl: string): EmailMessage {
  return mail({ to, subject: 'Bienvenido a Fleeters' }, [
    `Hola ${firstname}:`,
    [
      'Tu cuenta fue creada. ',
      link('Inicia sesión', loginUrl),
      ' para verificar tu correo y completar tus documentos.',
    ],
  ])
}

/**
 * One mail per driver and run: the documents due, 30 or 7 days before their expiry date or on
 * it, the nearest first. A document still counts on its expiry date and as missing from the
 * next day (inForce in services/shared/validated-drivers.ts): the text says exactly that.
 */
export function documentExpiryMail(
  to: string,
  firstname: string,
  documents: Array<{ kind: 30 | 7 | 0; title: string; dateText: string; dueText: string }>,
  uploadUrl: string,
): EmailMessage {
  const first = documents[0]!
  const subject =
    documents.length <= 2 && documents.every((d) => d.dueText === first.dueText)
      ? `${first.dueText}: ${documents.map((d) => d.title).join(', ')}`
      : `Tienes ${documents.length} documentos por vencer`
  const onTheDay = documents.filter((d) => d.kind === 0).length
  const intro =
    onTheDay === 0
      ? 'Estos documentos vencen pronto. Sube la versión vigente antes de esa fecha para seguir como Fleeter validado.'
      : (onTheDay === documents.length
          ? 'Estos documentos llegaron a su fecha de vencimiento. '
          : 'Algunos de estos documentos llegaron a su fecha de vencimiento y otros vencen pronto. ') +
        'Desde el día siguiente a esa fecha un documento vencido cuenta como faltante y dejas de aparecer ' +
        'como Fleeter validado: sube la versión vigente.'
  return mail({ to, subject }, [
    `Hola ${firstname}:`,
    intro,
    list(documents.map((d) => [strong(d.title), `: ${d.dateText.toLowerCase()} (${d.dueText.toLowerCase()})`])),
    link('Subir documentos', uploadUrl),
  ])
}

export function passwordChangedMail(to: string, firstname: string, recoverUrl: string): EmailMessage {
  return mail({ to, subject: 'Tu contraseña de Fleeters cambió' }, [
    `Hola ${firstname}:`,
    'La contraseña de tu cuenta se cambió desde la página «Seguridad», y cerramos tu sesión en los demás ' +
      'dispositivos.',
    [
      'Si no fuiste tú, ',
      link('crea una nueva contraseña ahora', recoverUrl),
      ': así se cierran también las sesiones que queden abiertas.',
    ],
  ])
}

/** The team's figures of one day, as the daily summary tells them (decision 92). */
export interface TeamSummaryFigures {
  /** '25-11-2026' */
  dayText: string
  decisions: number
  /** '80 %', or null without decisions timed. */
  withinText: string | null
  /** '6,5 h', or null. */
  medianText: string | null
  lateNow: number
  /** «Ana Pérez: 12», most decisions first. */
  reviewers: string[]
}

/** The daily summary to each administrador: yesterday's decisions, the share within 24 working hours, late now. */
export function teamSummaryMail(
  to: string,
  firstname: string,
  f: TeamSummaryFigures,
  figuresUrl: string,
): EmailMessage {
  const decided =
    f.decisions === 1 ? 'El equipo decidió 1 documento' : `El equipo decidió ${formatInteger(f.decisions)} documentos`
  const timing = f.withinText
    ? `${f.withinText} dentro de 24 horas hábiles desde su carga (mediana: ${f.medianText} hábiles).`
    : 'Sin decisiones que medir.'
  const late =
    f.lateNow === 0
      ? 'No hay documentos atrasados ahora.'
      : f.lateNow === 1
        ? 'Hay 1 documento atrasado ahora (más de 24 horas hábiles en la cola).'
        : `Hay ${formatInteger(f.lateNow)} documentos atrasados ahora (más de 24 horas hábiles en la cola).`
  return mail({ to, subject: `Resumen del equipo del ${f.dayText}` }, [
    `Hola ${firstname}:`,
    `${decided} el ${f.dayText}. ${timing}`,
    strong(late),
    ...(f.reviewers.length ? [`Por revisor:\n${f.reviewers.join('\n')}`] : []),
    ['Las cifras de los últimos 7 y 30 días están en ', link('Rendimiento', figuresUrl), '.'],
  ])
}
