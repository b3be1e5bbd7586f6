import type { EmailMessage } from '../platform/messaging/outbox'

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
}

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('')
  return `<!doctype html><html lang="es-CL"><body style="font-family:Arial,sans-serif;color:#111827;line-height:1.5"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}<p style="color:#6b7280;font-size:12px">Fleeters · Conductores de última milla</p></body></html>`
}

export function verificationCodeMail(to: string, firstname: string, code: string): EmailMessage {
  const subject = 'Tu código de verificación de Fleeters'
  const text = `Hola ${firstname}:\n\nTu código de verificación es ${code}. Vence en 15 minutos.\n\nSi no intentaste iniciar sesión, ignora este correo.\n\nFleeters`
  return {
    to,
    subject,
    text,
    html: layout(subject, [
      `Hola ${escapeHtml(firstname)}:`,
      `Tu código de verificación es <strong style="font-size:22px;letter-spacing:4px">${code}</strong>. Vence en 15 minutos.`,
      'Si no intentaste iniciar sesión, ignora este correo.',
    ]),
  }
}

export function passwordResetMail(to: string, firstname: string, link: string): EmailMessage {
  const subject = 'Restablece tu contraseña de Fleeters'
  const text = `Hola ${firstname}:\n\nPara crear una nueva contraseña abre este enlace (vence en 1 hora y sirve una sola vez):\n${link}\n\nSi no lo pediste, ignora este correo: tu contraseña no cambia.\n\nFleeters`
  return {
    to,
    subject,
    text,
    html: layout(subject, [
      `Hola ${escapeHtml(firstname)}:`,
      `Para crear una nueva contraseña abre <a href="${escapeHtml(link)}">este enlace</a> (vence en 1 hora y sirve una sola vez).`,
      'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    ]),
  }
}

export function welcomeMail(to: string, firstname: string, loginUrl: string): EmailMessage {
  const subject = 'Bienvenido a Fleeters'
  const text = `Hola ${firstname}:\n\nTu cuenta fue creada. Inicia sesión en ${loginUrl} para verificar tu correo y completar tus documentos.\n\nFleeters`
  return {
    to,
    subject,
    text,
    html: layout(subject, [
      `Hola ${escapeHtml(firstname)}:`,
      `Tu cuenta fue creada. <a href="${escapeHtml(loginUrl)}">Inicia sesión</a> para verificar tu correo y completar tus documentos.`,
    ]),
  }
}
