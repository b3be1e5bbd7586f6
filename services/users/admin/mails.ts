import type { EmailMessage } from '../../platform/messaging/outbox'
import { escapeHtml, mailLayout } from '../../platform/messaging/mail-html'

export function documentApprovedMail(to: string, firstname: string, title: string, link: string): EmailMessage {
  const subject = `Documento aprobado: ${title}`
  const text = `Hola ${firstname}:\n\nRevisamos tu documento "${title}" y fue aprobado.\n\nPuedes ver el avance de tus documentos en ${link}\n\nFleeters`
  return {
    to,
    subject,
    text,
    html: mailLayout(subject, [
      `Hola ${escapeHtml(firstname)}:`,
      `Revisamos tu documento <strong>${escapeHtml(title)}</strong> y fue aprobado.`,
      `Puedes ver el avance de tus documentos en <a href="${escapeHtml(link)}">tu panel</a>.`,
    ]),
  }
}

export function documentRejectedMail(to: string, firstname: string, title: string, reason: string, link: string): EmailMessage {
  const subject = `Documento rechazado: ${title}`
  const text = `Hola ${firstname}:\n\nRevisamos tu documento "${title}" y no pudimos aprobarlo.\n\nMotivo: ${reason}\n\nCárgalo nuevamente aquí: ${link}\n\nFleeters`
  return {
    to,
    subject,
    text,
    html: mailLayout(subject, [
      `Hola ${escapeHtml(firstname)}:`,
      `Revisamos tu documento <strong>${escapeHtml(title)}</strong> y no pudimos aprobarlo.`,
      `<strong>Motivo:</strong> ${escapeHtml(reason)}`,
      `<a href="${escapeHtml(link)}">Cargar nuevamente</a>`,
    ]),
  }
}

export function allDocumentsApprovedMail(to: string, firstname: string, link: string): EmailMessage {
  const subject = '¡Eres un Fleeter validado!'
  const text = `Hola ${firstname}:\n\nAprobamos tus 22 documentos requeridos: ya eres un Fleeter validado y puedes postular a las rutas disponibles.\n\n${link}\n\nFleeters`
  return {
    to,
    subject,
    text,
    html: mailLayout(subject, [
      `Hola ${escapeHtml(firstname)}:`,
      'Aprobamos tus 22 documentos requeridos: ya eres un <strong>Fleeter validado</strong> y puedes postular a las rutas disponibles.',
      `<a href="${escapeHtml(link)}">Ver publicaciones</a>`,
    ]),
  }
}

export function adminWelcomeMail(to: string, name: string, link: string, hours: number): EmailMessage {
  const subject = 'Tu cuenta de la consola de operaciones de Fleeters'
  const text = `Hola ${name}:\n\nSe creó tu cuenta de administración de Fleeters. Crea tu contraseña con este enlace (vence en ${hours} horas y sirve una sola vez):\n${link}\n\nLuego inicia sesión en /login con tu correo.\n\nFleeters`
  return {
    to,
    subject,
    text,
    html: mailLayout(subject, [
      `Hola ${escapeHtml(name)}:`,
      `Se creó tu cuenta de administración de Fleeters. <a href="${escapeHtml(link)}">Crea tu contraseña</a> (el enlace vence en ${hours} horas y sirve una sola vez).`,
      'Luego inicia sesión con tu correo.',
    ]),
  }
}
