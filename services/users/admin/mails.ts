import { link, mail, strong } from '#services/platform/messaging/mail-template'
import type { EmailMessage } from '#services/platform/messaging/outbox'

export function documentApprovedMail(to: string, firstname: string, title: string, panelUrl: string): EmailMessage {
  return mail({ to, subject: `Documento aprobado: ${title}` }, [
    `Hola ${firstname}:`,
    ['Revisamos tu documento «', strong(title), '» y fue aprobado.'],
    ['Puedes ver el avance de tus documentos en ', link('tu panel', panelUrl), '.'],
  ])
}

export function documentRejectedMail(
  to: string,
  firstname: string,
  title: string,
  reason: string,
  uploadUrl: string,
): EmailMessage {
  return mail({ to, subject: `Documento rechazado: ${title}` }, [
    `Hola ${firstname}:`,
    ['Revisamos tu documento «', strong(title), '» y no pudimos aprobarlo.'],
    [strong('Motivo:'), ` ${reason}`],
    link('Cargar nuevamente', uploadUrl),
  ])
}

export function allDocumentsApprovedMail(to: string, firstname: string, postingsUrl: string): EmailMessage {
  return mail({ to, subject: '¡Eres un Fleeter validado!' }, [
    `Hola ${firstname}:`,
    [
      'Aprobamos tus 22 documentos requeridos: ya eres un ',
      strong('Fleeter validado'),
      ' y puedes postular a las rutas disponibles.',
    ],
    link('Ver publicaciones', postingsUrl),
  ])
}

export function adminWelcomeMail(to: string, name: string, passwordUrl: string, hours: number): EmailMessage {
  return mail({ to, subject: 'Tu cuenta de la consola de operaciones de Fleeters' }, [
    `Hola ${name}:`,
    `Se creó tu cuenta de administración de Fleeters. Crea tu contraseña con este enlace (vence en ${hours} horas ` +
      'y sirve una sola vez):',
    link('Crear tu contraseña', passwordUrl),
    'Luego inicia sesión con tu correo.',
  ])
}

/** To the company: the console closed one of its postings, and why. */
export function postingClosedByAdminMail(
  to: string,
  p: { companyName: string; postingTitle: string; reason: string; link: string; replyTo: string },
): EmailMessage {
  // Answers reach the team, not the no-reply address.
  return mail({ to, subject: `Cerramos tu publicación: ${p.postingTitle}`, replyTo: p.replyTo }, [
    `Hola, ${p.companyName}:`,
    [
      'El equipo de Fleeters cerró tu publicación «',
      strong(p.postingTitle),
      '»: ya no aparece para los conductores ni recibe postulaciones.',
    ],
    [strong('Motivo:'), ` ${p.reason}`],
    'Si tienes dudas, responde a este correo o escríbenos desde la página de contacto.',
    link('Ver tus publicaciones', p.link),
  ])
}
