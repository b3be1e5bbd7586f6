import { escapeHtml, mailLayout } from '#services/platform/messaging/mail-html'
import type { EmailMessage } from '#services/platform/messaging/outbox'

export function documentApprovedMail(to: string, firstname: string, title: string, link: string): EmailMessage {
  const subject = `Documento aprobado: ${title}`
  const text =
    `Hola ${firstname}:\n\nRevisamos tu documento "${title}" y fue ` +
    `aprobado.\n\nPuedes ver el avance de tus documentos en ${link}\n\nFleeters`
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

export function documentRejectedMail(
  to: string,
  firstname: string,
  title: string,
  reason: string,
  link: string,
): EmailMessage {
  const subject = `Documento rechazado: ${title}`
  const text =
    `Hola ${firstname}:\n\nRevisamos tu documento "${title}" y no pudimos ` +
    `aprobarlo.\n\nMotivo: ${reason}\n\nCárgalo nuevamente aquí: ${link}\n\nFleeters`
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
  const text =
    `Hola ${firstname}:\n\nAprobamos tus 22 documentos requeridos: ya eres un Fleeter ` +
    `validado y puedes postular a las rutas disponibles.\n\n${link}\n\nFleeters`
  return {
    to,
    subject,
    text,
    html: mailLayout(subject, [
      `Hola ${escapeHtml(firstname)}:`,
      'Aprobamos tus 22 documentos requeridos: ya eres un <strong>Fleeter ' +
        'validado</strong> y puedes postular a las rutas disponibles.',
      `<a href="${escapeHtml(link)}">Ver publicaciones</a>`,
    ]),
  }
}

export function adminWelcomeMail(to: string, name: string, link: string, hours: number): EmailMessage {
  const subject = 'Tu cuenta de la consola de operaciones de Fleeters'
  const text =
    `Hola ${name}:\n\nSe creó tu cuenta de administración de Fleeters. Crea tu ` +
    `contraseña con este enlace (vence en ${hours} horas y sirve una sola ` +
    `vez):\n${link}\n\nLuego inicia sesión en /login con tu correo.\n\nFleeters`
  return {
    to,
    subject,
    text,
    html: mailLayout(subject, [
      `Hola ${escapeHtml(name)}:`,
      `Se creó tu cuenta de administración de Fleeters. <a ` +
        `href="${escapeHtml(link)}">Crea tu contraseña</a> (el enlace vence en ${hours} ` +
        `horas y sirve una sola vez).`,
      'Luego inicia sesión con tu correo.',
    ]),
  }
}

/** To the company: the console closed one of its postings, and why. */
export function postingClosedByAdminMail(
  to: string,
  p: { companyName: string; postingTitle: string; reason: string; link: string; replyTo: string },
): EmailMessage {
  const subject = `Cerramos tu publicación: ${p.postingTitle}`
  const text =
    `Hola, ${p.companyName}:\n\nEl equipo de Fleeters cerró tu publicación ` +
    `"${p.postingTitle}": ya no aparece para los conductores ni recibe ` +
    `postulaciones.\n\nMotivo: ${p.reason}\n\nSi tienes dudas, responde a este correo ` +
    `o escríbenos desde la página de contacto. Tus publicaciones: ` +
    `${p.link}\n\nFleeters`
  return {
    to,
    subject,
    text,
    // Answers reach the team, not the no-reply address.
    replyTo: p.replyTo,
    html: mailLayout(subject, [
      `Hola, ${escapeHtml(p.companyName)}:`,
      `El equipo de Fleeters cerró tu publicación ` +
        `<strong>${escapeHtml(p.postingTitle)}</strong>: ya no aparece para los ` +
        `conductores ni recibe postulaciones.`,
      `<strong>Motivo:</strong> ${escapeHtml(p.reason)}`,
      `Si tienes dudas, responde a este correo o escríbenos desde la página de contacto.`,
      `<a href="${escapeHtml(p.link)}">Ver tus publicaciones</a>`,
    ]),
  }
}
