import type { AuditEntry } from '#domain/contract/admin'
import { formatDate } from '#domain/format'
import { findDocumentSlot } from '#domain/reference-data/documents'
import { STAFF_ROLE_LABELS, type StaffRoleValue } from '#domain/staff-roles'

/**
 * The console's activity as sentences a person reads («Olga aprobó Licencia de conducir (frontal)
 * de Camila Pérez»), built from one audit row: who, the action, what it touched (named by the
 * service) and the before/after JSON. Pure, so the home and every «Historial» say the same; an
 * action it does not know gets a neutral sentence, never the raw JSON.
 */

type Entry = Pick<AuditEntry, 'actor' | 'actor_name' | 'action' | 'entity_id' | 'subject' | 'before' | 'after'>

/** The row's account tool ('cli', `npm run admin:create`) has no person behind it. */
const CLI_ACTOR = 'cli'

function who(e: Entry): string {
  if (e.actor_name) return e.actor_name
  return e.actor === CLI_ACTOR ? 'La línea de comandos' : e.actor
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** 'de Camila Pérez', or nothing when the owner is unknown (a deleted account). */
function of(owner: string | null): string {
  return owner ? ` de ${owner}` : ''
}

function documentName(e: Entry): string {
  const slot = e.subject.name ? findDocumentSlot(e.subject.name) : undefined
  return slot?.title ?? 'un documento'
}

function roleLabel(value: unknown): string | null {
  return typeof value === 'string' && value in STAFF_ROLE_LABELS
    ? STAFF_ROLE_LABELS[value as StaffRoleValue].toLowerCase()
    : null
}

/** A content item's own words: the question, the statistic's title, the testimonial's or logo's name. */
function contentLabel(e: Entry): string | null {
  for (const side of [e.after, e.before]) {
    if (!side) continue
    const label = text(side.question) ?? text(side.title) ?? text(side.name)
    if (label) return label
  }
  return null
}

const CONTENT_NOUN: Record<string, string> = {
  faq: 'la pregunta frecuente',
  testimonial: 'el testimonio',
  logo: 'el logo',
  statistic: 'la estadística',
}

/** A move records positions only, so it speaks of the whole list. */
const CONTENT_LIST: Record<string, string> = {
  faq: 'las preguntas frecuentes',
  testimonial: 'los testimonios',
  logo: 'los logos',
  statistic: 'las estadísticas',
}

const CONTENT_VERB: Record<string, string> = {
  create: 'agregó',
  update: 'editó',
  delete: 'eliminó',
}

function company(e: Entry): string {
  return e.subject.name ?? 'una empresa'
}

const SENTENCES: Record<string, (e: Entry, actor: string) => string> = {
  'document.approve': (e, actor) => {
    const expires = text(e.after?.expires_on)
    const until = expires ? `, vigente hasta el ${formatDate(expires, 'numeric')}` : ''
    return `${actor} aprobó ${documentName(e)}${of(e.subject.owner)}${until}`
  },
  'document.reject': (e, actor) => {
    const reason = text(e.after?.rejection_reason)
    return `${actor} rechazó ${documentName(e)}${of(e.subject.owner)}${reason ? `: ${reason}` : ''}`
  },
  'company.verify': (e, actor) => `${actor} verificó ${company(e)}`,
  'company.unverify': (e, actor) => `${actor} quitó la verificación de ${company(e)}`,
  'posting.close': (e, actor) => {
    const title = e.subject.name ? `la publicación «${e.subject.name}»` : 'una publicación'
    const reason = text(e.after?.reason)
    return `${actor} cerró ${title}${of(e.subject.owner)}${reason ? `: ${reason}` : ''}`
  },
  'admin.create': (e, actor) => {
    const email = text(e.after?.email)
    return `${actor} creó la cuenta de administración${email ? ` de ${email}` : ''}`
  },
  'admin.link': (e, actor) => {
    const email = text(e.after?.email)
    return `${actor} emitió un enlace para crear contraseña${email ? ` a ${email}` : ''}`
  },
  'staff.role': (e, actor) => {
    const person = e.subject.name ?? 'una cuenta del equipo'
    const from = roleLabel(e.before?.staff_role)
    const to = roleLabel(e.after?.staff_role)
    if (!to) return `${actor} cambió el rol de ${person}`
    return `${actor} cambió el rol de ${person}${from ? ` de ${from}` : ''} a ${to}`
  },
  'power.signature': (e, actor) => `${actor} registró la firma del dueño en el poder simple${of(e.subject.owner)}`,
  'privacy_request.answer': (e, actor) => `${actor} respondió la solicitud de rectificación${of(e.subject.owner)}`,
  'outbox.retry': (_e, actor) => `${actor} reintentó el envío de un mensaje`,
  'job.run': (_e, actor) => `${actor} pidió ejecutar una tarea programada`,
}

export function activitySentence(e: Entry): string {
  const actor = who(e)
  const sentence = SENTENCES[e.action]
  if (sentence) return sentence(e, actor)
  const [entity = '', verb = ''] = e.action.split('.')
  if (verb === 'move' && CONTENT_LIST[entity]) return `${actor} cambió el orden de ${CONTENT_LIST[entity]}`
  const noun = CONTENT_NOUN[entity]
  const does = CONTENT_VERB[verb]
  if (noun && does) {
    const label = contentLabel(e)
    return `${actor} ${does} ${noun}${label ? ` «${label}»` : ''}`
  }
  return `${actor} hizo un cambio en la consola`
}
