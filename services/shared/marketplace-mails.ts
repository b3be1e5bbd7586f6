import { formatPhone } from '#domain/format'
import { link, mail } from '#services/platform/messaging/mail-template'
import type { EmailMessage } from '#services/platform/messaging/outbox'

/** To the company: a driver applied to one of its postings. */
export function applicationReceivedMail(
  to: string,
  a: {
    companyName: string
    postingTitle: string
    driverName: string
    link: string
  },
): EmailMessage {
  return mail({ to, subject: `Nueva postulación: ${a.postingTitle}` }, [
    `Hola, ${a.companyName}:`,
    `${a.driverName} postuló a tu publicación «${a.postingTitle}».`,
    'Revisa su perfil y sus documentos aprobados en tu panel de empresa.',
    link('Ver postulantes', a.link),
  ])
}

/**
 * To the driver: what the company wrote through the send-email dialog. It comes from our
 * no-reply address, so `Reply-To` is the company's contact email: answering reaches the company.
 */
export function messageFromCompanyMail(
  to: string,
  m: {
    driverName: string
    subject: string
    message: string
    companyName: string
    companyEmail: string
    companyPhone: string
  },
): EmailMessage {
  return mail({ to, subject: m.subject, replyTo: m.companyEmail }, [
    `Hola, ${m.driverName}:`,
    m.message,
    `${m.companyName} te escribió a través de Fleeters. Responde a este correo para contactar a ` +
      `${m.companyName} (${m.companyEmail}), o llámalos al teléfono ${formatPhone(m.companyPhone)}.`,
  ])
}

/** To the driver: the company chose them for a posting; replies reach the company (Reply-To). */
export function selectedMail(
  to: string,
  s: {
    driverName: string
    postingTitle: string
    companyName: string
    companyEmail: string
    link: string
  },
): EmailMessage {
  return mail({ to, subject: `¡Fuiste seleccionado para «${s.postingTitle}»!`, replyTo: s.companyEmail }, [
    `Hola, ${s.driverName}:`,
    `${s.companyName} te seleccionó para su oferta «${s.postingTitle}». Pronto se pondrán en contacto contigo.`,
    `Responde a este correo para contactar a ${s.companyName}.`,
    link('Ver mis postulaciones', s.link),
  ])
}

/** What a change of an application's status tells the driver (seleccionado has selectedMail). */
export const APPLICATION_STATUS_NEWS = {
  en_revision: 'está revisando tu postulación',
  contactado: 'marcó tu postulación como contactada',
  descartada: 'no seguirá adelante con tu postulación',
} as const

/** To the driver: the company moved their application (en revisión, contactado, descartada). */
export function applicationStatusMail(
  to: string,
  s: {
    driverName: string
    postingTitle: string
    companyName: string
    status: keyof typeof APPLICATION_STATUS_NEWS
    link: string
  },
): EmailMessage {
  return mail({ to, subject: `Tu postulación a «${s.postingTitle}»` }, [
    `Hola, ${s.driverName}:`,
    `${s.companyName} ${APPLICATION_STATUS_NEWS[s.status]} «${s.postingTitle}».`,
    link('Ver mis postulaciones', s.link),
  ])
}

/** To a new company account: how to start. */
export function companyWelcomeMail(
  to: string,
  w: { contactName: string; companyName: string; link: string },
): EmailMessage {
  return mail({ to, subject: 'Bienvenido a Fleeters' }, [
    `Hola, ${w.contactName}:`,
    `La cuenta de ${w.companyName} fue creada. Inicia sesión para verificar tu correo y publicar tus ofertas de ` +
      'trabajo.',
    link('Iniciar sesión', w.link),
  ])
}

/** To a driver who asked to be invited (decision 106): a company invites them to apply to a posting. */
export function invitationMail(
  to: string,
  i: { driverName: string; companyName: string; postingTitle: string; place: string; link: string },
): EmailMessage {
  return mail({ to, subject: `${i.companyName} te invita a postular: ${i.postingTitle}` }, [
    `Hola, ${i.driverName}:`,
    `${i.companyName} busca conductores para «${i.postingTitle}» en ${i.place} y te invita a postular: ` +
      'tus documentos están aprobados y tu vehículo y tu comuna calzan con la publicación.',
    'Revisa la publicación y postula si te interesa. Recibes esta invitación porque activaste ' +
      '«Quiero que las empresas me inviten» en «Mi perfil»; puedes desactivarlo cuando quieras.',
    link('Ver la publicación', i.link),
  ])
}

/**
 * To the driver: the company wrote in the application's thread (decision 105). The message itself
 * is read in the product, behind the driver's session; the mail only says who wrote and where.
 */
export function threadMessageToDriverMail(
  to: string,
  m: { driverName: string; companyName: string; postingTitle: string; link: string },
): EmailMessage {
  return mail({ to, subject: `Nuevo mensaje de ${m.companyName}` }, [
    `Hola, ${m.driverName}:`,
    `${m.companyName} te escribió sobre tu postulación a «${m.postingTitle}».`,
    link('Leer y responder', m.link),
  ])
}

/**
 * To the company: a driver answered in an application's thread. Never the driver's text
 * (decision 73): the company reads it in its panel.
 */
export function threadReplyToCompanyMail(
  to: string,
  m: { companyName: string; driverName: string; postingTitle: string; link: string },
): EmailMessage {
  return mail({ to, subject: `${m.driverName} te respondió` }, [
    `Hola, ${m.companyName}:`,
    `${m.driverName} respondió tu mensaje sobre «${m.postingTitle}».`,
    link('Leer y responder', m.link),
  ])
}
