import { strToU8, zipSync, type Zippable } from 'fflate'
import type { Kysely, Transaction } from 'kysely'
import { SEALED_COLUMNS, type ColumnCipher } from '#services/platform/column-crypto'
import type { Database } from '#services/platform/db/schema'
import type { FileStore } from '#services/platform/files'

type Db = Kysely<Database> | Transaction<Database>

/**
 * How a table's rows are tied to one person (an account, `users.id`):
 * - `user`: its `column` holds the account's id;
 * - `via`: its `column` holds the id of a row of `table`, itself tied to the person;
 * - `email`: its `column` holds the account's email (mails sent to them, forms they sent
 *   signed in or not); for a company, also its contact email.
 */
export type PersonLink =
  { by: 'user'; column: string } | { by: 'via'; column: string; table: string } | { by: 'email'; column: string }

/** A table holding people's data: how it links to the person, and the columns left out of an export with why. */
export interface PersonTable {
  kind: 'person'
  link: PersonLink
  /** The columns exported (every one is the person's or describes their row). */
  columns: string[]
  /** Columns not exported (secrets, internal keys, another person's data), each with its reason. */
  omit?: Record<string, string>
}

/** A table holding no one's personal data: reference data, content, or the system's own bookkeeping. */
export interface OtherTable {
  kind: 'reference' | 'system'
  reason: string
}

export type TableClass = PersonTable | OtherTable

/** A table's columns, written as names separated by spaces or lines. */
const cols = (names: string) => names.trim().split(/\s+/)
type Omit = Record<string, string>
/** A person table linked by its `column` holding the account's id. */
const byUser = (names: string, omit?: Omit, column = 'user_id'): PersonTable => ({
  kind: 'person',
  link: { by: 'user', column },
  columns: cols(names),
  ...(omit && { omit }),
})
/** A person table linked by its `column` holding the account's email. */
const byEmail = (names: string, column = 'email'): PersonTable => ({
  kind: 'person',
  link: { by: 'email', column },
  columns: cols(names),
})
/** A person table linked through a row of another person table. */
const via = (table: string, column: string, names: string, omit?: Omit): PersonTable => ({
  kind: 'person',
  link: { by: 'via', column, table },
  columns: cols(names),
  ...(omit && { omit }),
})

const SECRET = 'Secreto: un hash que solo sirve para verificar, no es un dato tuyo'
const STORAGE = 'Nombre interno del archivo; el archivo mismo va en la carpeta archivos/'
const OWNER = 'Dato del dueño del vehículo, otra persona'
const STAFF = 'Dato de la persona del equipo que registró la firma'
const KEY = 'Identificador que vale como una llave de tu cuenta'
const OWNER_COLUMNS = `full_name_owner rut_owner address_owner nationality_owner phone_owner email_owner
  id_front_key id_front_mime id_back_key id_back_mime`

/**
 * Every table of the database, classified (Ley 21.719 access and portability; decision 75).
 * `tests/personal-data.test.ts` reads the schema at runtime and fails on a table or column not
 * listed here, so a new table is classified before it ships. The export («Descargar mis datos»)
 * and the deletion (wt-deletion) both read this list.
 */
export const PERSONAL_DATA: Record<string, TableClass> = {
  users: byUser(
    `id role email firstname lastname rut phone address about_me img_profile id_vehicle id_commune
     email_verified accepted_terms_at created_at updated_at paused_at opted_out_at deletion_due_at closed_at
     last_login_at inactivity_warned_at staff_role notify_email notify_whatsapp invitations_opt_in_at`,
    {
      password_hash: SECRET,
      rut_hmac: 'Huella con clave de tu RUT, solo para saber si ya está registrado; tu RUT va en «rut»',
    },
    'id',
  ),
  sessions: byUser('user_id role created_at expires_at revoked_at device last_seen_at factor_pending reauth_at', {
    id: KEY,
  }),
  totp_factors: byUser('user_id confirmed_at created_at', {
    secret_sealed: 'Secreto de tu app de autenticación: quien lo tenga genera tus códigos',
    last_step: 'Dato interno para que un código no sirva dos veces',
  }),
  recovery_codes: byUser('id user_id used_at created_at', { code_hash: SECRET }),
  email_verifications: byUser('id user_id attempts expires_at consumed_at created_at', {
    token_hash: SECRET,
    code_hash: SECRET,
  }),
  password_resets: byUser('id user_id expires_at used_at created_at', { token_hash: SECRET }),
  consents: byUser('id user_id document version accepted_at ip'),
  privacy_requests: byUser('id user_id kind status detail requested_at due_at answered_at file_expires_at', {
    file_key: STORAGE,
  }),
  user_files: byUser(
    `id user_id purpose_name file_status mime_type size_bytes original_name rejection_reason
     created_at reviewed_at expires_on retired_at file_purged_at photo_flags`,
    {
      storage_key: STORAGE,
      queued: 'Dato interno de la cola de revisión (si el documento espera revisión)',
      reupload: 'Dato interno de la cola de revisión (si reemplazó una carga anterior)',
    },
  ),
  // Derived from user_files by triggers (migration 0036): how many documents are accepted, the first expiry.
  driver_documents_accepted: byUser('user_id accepted expires_first'),
  // Derived by triggers from the profile and driver_documents_accepted (migration 0041, decision 115): a driver
  // companies may invite, with their vehicle, commune and the first expiry of their documents.
  matching_drivers: byUser('user_id id_vehicle id_commune valid_until'),
  document_reminders: via('user_files', 'user_file_id', 'id user_file_id kind expires_on created_at'),
  // Kept by triggers from the driver's name and email while a document waits in the review queue:
  // a document leaving the queue or deleted (an erased account's are) takes its rows, and a new
  // name or email (an erased account's is overwritten) replaces them (migration 0037, decision 109).
  queue_name_grams: via('user_files', 'file_id', 'file_id', {
    gram: 'Índice de búsqueda de la consola: un trozo de tu nombre o de tu correo, que van completos en «users»',
    created_at: 'Copia de la fecha de carga del documento, que va en «user_files»',
  }),
  profile_images: byUser('id user_id mime_type size_bytes created_at', { storage_key: STORAGE }),
  work_experience: byUser(
    `id user_id job_title company_name type_employment location start_date end_date job_description
     created_at updated_at`,
  ),
  bank_details: byUser(
    `id user_id account_holder_name bank_name account_number account_type invoice_type receipt_issuance
     sii_address phone email selected created_at updated_at`,
  ),
  applications: byUser('id posting_id user_id status created_at updated_at seen_at', {
    // Kept by triggers (migration 0038, decision 110) from what the export holds elsewhere.
    hidden: 'Copia interna de si las empresas ven tu perfil; el dato va en «users» (pausa, eliminación)',
    company_unread:
      'Cifra interna: tus mensajes que la empresa no ha leído; los mensajes van en «application_messages»',
    driver_unread: 'Cifra interna: los mensajes de la empresa que no has leído; van en «application_messages»',
    // Kept by triggers and the hourly refresh (migration 0040, decision 113).
    documents_accepted:
      'Copia interna de tus documentos aprobados, para ordenar a los postulantes; tus documentos van en «user_files»',
    documents_until: 'Copia interna de la fecha en que vence el primero de ellos; las fechas van en «user_files»',
  }),
  saved_postings: byUser('id posting_id user_id created_at'),
  application_messages: via(
    'applications',
    'application_id',
    'id application_id sender sender_user_id subject body created_at read_at',
  ),
  posting_invitations: byUser('id posting_id user_id company_id day created_at'),
  simple_power_links: byUser('id user_id created_at expires_at used_at', { jti: KEY }),
  simple_powers: byUser(
    `id user_id link_id full_name_driver rut_driver address_driver nationality_driver vehicle_brand
     vehicle_model vehicle_year vehicle_license_plate document_file_id status created_at signature_recorded_at
     id_images_purged_at`,
    {
      ...Object.fromEntries(cols(OWNER_COLUMNS).map((c) => [c, OWNER])),
      signature_recorded_by: STAFF,
      signature_recorded_by_user_id: STAFF,
    },
  ),
  companies: byUser('id user_id name rut contact_name email phone id_commune logo_url verified created_at'),
  job_postings: via(
    'companies',
    'company_id',
    `id company_id title description id_zone id_region id_commune id_vehicle id_capacity id_schedule start_date
     pawn payment_amount payment_period drivers_needed status created_at updated_at`,
    { search_vector: 'Índice de búsqueda de PostgreSQL: una copia del título y la descripción' },
  ),
  // The company's figures per posting, kept by triggers from its applications and their messages
  // (migration 0038, decision 110): how many per stage, not seen yet, unread; no one's name.
  posting_applicant_counts: via(
    'job_postings',
    'posting_id',
    'posting_id company_id open total nueva en_revision contactado seleccionado descartada fresh unread',
  ),
  outbox: byEmail(
    `id channel recipient reply_to subject body_text body_html status attempts next_attempt_at last_error
     created_at sent_at event_key held_for`,
    'recipient',
  ),
  contact_messages: byEmail('id first_name last_name email phone message created_at'),
  business_contacts: byEmail('id fullname name_business email phone message created_at'),
  fleet_requests: byEmail(
    `id name_business fullname email phone id_vehicle quantity id_zone id_region id_commune id_schedule
     message created_at`,
  ),
  inquiries: byEmail('id type complaint_type name phone email message created_at'),

  data_views: byUser(
    'id subject_user_id viewer_kind company_id kind item_id detail viewed_at',
    {
      viewer_user_id:
        'Cuenta de quien vio el dato (la empresa aparece por su nombre; el equipo, como «Equipo Fleeters»)',
      window_start: 'Dato interno para no repetir registros',
    },
    'subject_user_id',
  ),
  scheduled_jobs: {
    kind: 'system',
    reason: 'Las tareas periódicas del servidor: cuándo corrió cada una, su resultado y su próxima ejecución',
  },
  pending_file_removals: {
    kind: 'system',
    reason: 'Nombres internos de archivos ya borrados de sus registros, por eliminar del almacenamiento',
  },
  team_summaries: {
    kind: 'system',
    reason: 'Los días cuyo resumen del equipo se envió por correo (solo la fecha y cuántos correos)',
  },
  review_days: {
    kind: 'system',
    reason: 'Cifras diarias de la revisión de documentos: cuántas decisiones y en cuánto tiempo, sin personas',
  },
  queue_hours: {
    kind: 'system',
    reason: 'Cuántos documentos esperan revisión por tipo y hora de carga (cifras de la cola, sin personas)',
  },
  review_day_reviewers: {
    kind: 'system',
    reason: 'Cuántas decisiones tomó cada persona del equipo por día (cifras del equipo, no de conductores)',
  },
  admin_audit_log: {
    kind: 'system',
    reason: 'Lo que hizo el equipo en la consola (quién, qué, cuándo, sobre qué id): evidencia que se conserva',
  },
  zones: { kind: 'reference', reason: 'Zonas del país' },
  regions: { kind: 'reference', reason: 'Regiones de Chile' },
  communes: { kind: 'reference', reason: 'Comunas de Chile (códigos CUT)' },
  vehicles: { kind: 'reference', reason: 'Tipos de vehículo' },
  capacities: { kind: 'reference', reason: 'Capacidades de carga por vehículo' },
  schedules: { kind: 'reference', reason: 'Jornadas de trabajo' },
  faqs: { kind: 'reference', reason: 'Contenido público: preguntas frecuentes' },
  statistics: { kind: 'reference', reason: 'Contenido público: cifras de la portada' },
  testimonials: { kind: 'reference', reason: 'Contenido público publicado por el equipo (testimonios autorizados)' },
  partner_logos: { kind: 'reference', reason: 'Contenido público: logos de empresas asociadas' },
  company_posting_words: {
    kind: 'system',
    reason: 'Índice de búsqueda de PostgreSQL sobre las publicaciones (palabras de su texto), por empresa',
  },
  job_posting_words: {
    kind: 'system',
    reason: 'Índice de búsqueda de PostgreSQL sobre las publicaciones (palabras de su texto), por región',
  },
  job_postings_fts: {
    kind: 'system',
    reason: 'Índice de búsqueda de SQLite sobre las publicaciones (copia de su texto)',
  },
  job_postings_fts_config: { kind: 'system', reason: 'Índice de búsqueda de SQLite: configuración' },
  job_postings_fts_data: { kind: 'system', reason: 'Índice de búsqueda de SQLite: datos internos' },
  job_postings_fts_docsize: { kind: 'system', reason: 'Índice de búsqueda de SQLite: datos internos' },
  job_postings_fts_idx: { kind: 'system', reason: 'Índice de búsqueda de SQLite: datos internos' },
}

/** Columns that exist on one engine only (PostgreSQL's search vector). */
export const ENGINE_SPECIFIC_COLUMNS = new Set(['job_postings.search_vector'])

/** A table's class; the partitions of PostgreSQL's search index (job_posting_words_13000…) are their parent's. */
export function classOf(table: string): TableClass | undefined {
  return PERSONAL_DATA[table] ?? PERSONAL_DATA[table.replace(/^(job_posting_words)_(\d+|other)$/, '$1')]
}

/** The tables that hold people's data, in the order of the export. */
export const PERSON_TABLES = Object.entries(PERSONAL_DATA).filter(
  (e): e is [string, PersonTable] => e[1].kind === 'person',
)

type Row = Record<string, unknown>

/** The person's rows of one classified table (every column, omitted ones included). */
export async function personRows(db: Db, table: string, person: { userId: number; emails: string[] }): Promise<Row[]> {
  const cls = PERSONAL_DATA[table]
  if (!cls || cls.kind !== 'person') throw new Error(`${table} is not a person table`)
  const link = cls.link
  const q = (db as Kysely<any>).selectFrom(table).selectAll()
  if (link.by === 'user') return q.where(link.column, '=', person.userId).orderBy(link.column).execute()
  if (link.by === 'email') return person.emails.length ? q.where(link.column, 'in', person.emails).execute() : []
  const parents = await personRows(db, link.table, person)
  const ids = parents.map((r) => r.id as number)
  return ids.length ? q.where(link.column, 'in', ids).execute() : []
}

/** The account's emails a row may name: its login email and, for a company, its contact email. */
export async function personEmails(db: Db, userId: number): Promise<string[]> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
  const company = await db.selectFrom('companies').select('email').where('user_id', '=', userId).execute()
  return [...new Set([user?.email, ...company.map((c) => c.email)].filter((e): e is string => Boolean(e)))]
}

/** The exported columns of a row (a column the classification does not list is never exported). */
function pick(row: Row, columns: string[]): Row {
  return Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))
}

const EXTENSION: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}

/** What «Descargar mis datos» holds: `datos.json` and the person's own files. */
export interface PersonalExport {
  json: Record<string, unknown>
  files: Array<{ path: string; key: string }>
}

/**
 * Collects every row that belongs to the person (PERSONAL_DATA), the columns left out listed
 * with their reason, and the keys of their own stored files. A company's export adds what it did
 * on its postings: its applicants as application ids and the status it set (never the drivers'
 * data), and the mails it sent (subject, date, state; never the driver they went to).
 */
export async function collectPersonalData(
  db: Db,
  cipher: ColumnCipher,
  userId: number,
  now: Date,
): Promise<PersonalExport> {
  const emails = await personEmails(db, userId)
  const tables: Record<string, Row[]> = {}
  for (const [table, cls] of PERSON_TABLES) {
    const rows = await personRows(db, table, { userId, emails })
    // Columns encrypted at rest (decision 80) are exported as the person wrote them.
    const sealed = SEALED_COLUMNS.filter((c) => c.table === table && cls.columns.includes(c.column))
    tables[table] = rows.map((r) => {
      const row = pick(r, cls.columns)
      for (const { column, field } of sealed) row[column] = cipher.openNullable(field, row[column] as string | null)
      return row
    })
  }
  const files: PersonalExport['files'] = []
  const docs = await db
    .selectFrom('user_files')
    .select(['id', 'purpose_name', 'mime_type', 'storage_key'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
  for (const f of docs) {
    files.push({
      path: `archivos/documentos/${f.id}-${f.purpose_name}.${EXTENSION[f.mime_type] ?? 'bin'}`,
      key: f.storage_key,
    })
  }
  const photos = await db
    .selectFrom('profile_images')
    .select(['id', 'mime_type', 'storage_key'])
    .where('user_id', '=', userId)
    .execute()
  for (const f of photos)
    files.push({ path: `archivos/foto-perfil-${f.id}.${EXTENSION[f.mime_type] ?? 'jpg'}`, key: f.storage_key })
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'email', 'logo_url'])
    .where('user_id', '=', userId)
    .execute()
  for (const c of companies) {
    const name = c.logo_url?.split('/').pop()
    if (name) files.push({ path: `archivos/logo-${c.id}.${name.split('.').pop()}`, key: `logos/${name}` })
  }

  const companyIds = companies.map((c) => c.id)
  const companyEmails = companies.map((c) => c.email)
  const applicants = companyIds.length
    ? await db
        .selectFrom('applications as a')
        .innerJoin('job_postings as j', 'j.id', 'a.posting_id')
        .select(['a.id', 'a.posting_id', 'a.status', 'a.created_at', 'a.updated_at', 'a.seen_at'])
        .where('j.company_id', 'in', companyIds)
        .orderBy('a.id')
        .execute()
    : []
  const sent = companyEmails.length
    ? await db
        .selectFrom('outbox')
        .select(['id', 'subject', 'status', 'created_at', 'sent_at'])
        .where('reply_to', 'in', companyEmails)
        .orderBy('id')
        .execute()
    : []

  const omitted = Object.fromEntries(PERSON_TABLES.filter(([, c]) => c.omit).map(([t, c]) => [t, c.omit]))
  return {
    json: {
      formato: 'Fleeters, copia de datos personales (Ley 21.719: acceso y portabilidad)',
      generado: now.toISOString(),
      cuenta: userId,
      tablas: tables,
      ...(companyIds.length ? { postulaciones_a_tus_publicaciones: applicants, mensajes_enviados: sent } : {}),
      columnas_omitidas: omitted,
      archivos: files.map((f) => f.path),
    },
    files,
  }
}

/** The ZIP of «Descargar mis datos»: `datos.json` and the person's files, decrypted by the store. */
export async function buildExportZip(
  db: Db,
  store: FileStore,
  cipher: ColumnCipher,
  userId: number,
  now: Date,
): Promise<Uint8Array> {
  const data = await collectPersonalData(db, cipher, userId, now)
  const entries: Zippable = { 'datos.json': strToU8(JSON.stringify(data.json, null, 2)) }
  for (const f of data.files) {
    const bytes = await store.get(f.key)
    if (bytes) entries[f.path] = [bytes, { level: 0 }]
  }
  return zipSync(entries, { level: 6, mtime: now })
}
