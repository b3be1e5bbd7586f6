import { DELETION_GRACE_DAYS, INACTIVITY_DAYS, INACTIVITY_NOTICE_DAYS } from './account-closure'

/**
 * The privacy policy's facts in one place (Ley 21.719, in force from 1 December 2026): the
 * versions of the two documents a person accepts, what data the product keeps, why, on what
 * legal basis, who receives it and for how long. The /privacidad page renders from here and the
 * retention job (services/shared/retention.ts) reads its periods from the same rules, by their
 * `id`, so the page and the job cannot drift apart. No zod and no server code: the page's client
 * bundle imports it.
 */

/** The documents a driver or a company accepts, each with the version in force. */
export const CONSENT_DOCUMENTS = ['terms', 'privacy'] as const
export type ConsentDocument = (typeof CONSENT_DOCUMENTS)[number]

export interface LegalDocument {
  /** The document's name, as every screen says it. */
  title: string
  path: string
  /**
   * Changes whenever the text changes in something a person would want to know before agreeing;
   * a new value asks every signed-in driver and company to accept it once (a typo fix does not).
   */
  version: string
  /** 'yyyy-mm-dd': when this version was published (shown through #domain/format). */
  publishedOn: string
  /** What this version changed, in a sentence: the acceptance step shows it. */
  changes: string
}

export const LEGAL_DOCUMENTS: Record<ConsentDocument, LegalDocument> = {
  // Version 2: the personal-data section cites Ley 21.719 and points to the policy.
  terms: {
    title: 'Términos y condiciones',
    path: '/terminos-condiciones',
    version: '2',
    publishedOn: '2026-11-26',
    changes: 'La sección de datos personales se rige ahora por la Ley 21.719 y remite a la Política de privacidad.',
  },
  privacy: {
    title: 'Política de privacidad',
    path: '/privacidad',
    version: '1',
    publishedOn: '2026-11-26',
    changes:
      'Es nueva: explica qué datos tratamos, para qué, quién los recibe, cuánto tiempo ' +
      'los guardamos y cómo ejercer tus derechos.',
  },
}

export interface AcceptedVersion {
  document: string
  version: string
}

/**
 * The documents whose current version the person has not accepted, in CONSENT_DOCUMENTS order.
 * Versions are compared for equality, never ordered: only the one in force counts, and someone
 * with no record at all (an account older than the records) has accepted nothing.
 */
export function pendingDocuments(accepted: readonly AcceptedVersion[]): ConsentDocument[] {
  return CONSENT_DOCUMENTS.filter(
    (doc) => !accepted.some((a) => a.document === doc && a.version === LEGAL_DOCUMENTS[doc].version),
  )
}

/** What starts a retention period's clock. */
export type RetentionEvent =
  /**
   * The person asked to delete the account («Mis datos» › «Eliminar mi cuenta»), or it was idle for
   * INACTIVITY_DAYS and warned: the deletion job (services/users/account-closure.ts) erases it
   * DELETION_GRACE_DAYS later.
   */
  | 'account-closed'
  /** A newer upload replaced the record, or the team rejected it. */
  | 'replaced-or-rejected'
  /** The record was written (an application, a message, a log line). */
  | 'created'
  /** A session expired or was closed. */
  | 'session-ended'
  /** A posting was closed by its company or the team. */
  | 'posting-closed'
  /** The team approved or rejected the simple power, or a newer one replaced it. */
  | 'power-decided'
  /** A one-time code or link expired (used or not). */
  | 'code-expired'
  /** The platform delivered the mail or message (or gave up on it). */
  | 'message-sent'
  /** The download of «Descargar mis datos» expired. */
  | 'download-expired'

/**
 * The rules the retention job (services/shared/retention.ts) enforces, each named once here so the
 * job finds its period by name, never by matching text: the page and the job cannot drift.
 */
export const RETENTION_RULE_IDS = [
  'documents-retired',
  'certificate-retired',
  'vehicle-documents-retired',
  'power-retired',
  'power-id-images',
  'sessions',
  'one-time-codes',
  'sent-messages',
  'public-forms',
  'applications',
  'closed-postings',
  'export-files',
] as const
export type RetentionRuleId = (typeof RETENTION_RULE_IDS)[number]

export interface RetentionRule {
  after: RetentionEvent
  /** How long after the event the record is erased. */
  days: number
  /** The part of the category the rule is about, when not all of it. */
  only?: string
  /**
   * Set on the rules the retention job enforces (the others are enforced by whoever does the event:
   * account closing).
   */
  id?: RetentionRuleId
}

export interface DataCategory {
  id: string
  name: string
  /** Whose data it is. */
  about: string
  data: string
  purpose: string
  legalBasis: string
  /** Set when Ley 21.719 gives the data special protection: what it is and how we treat it. */
  special?: string
  /** Who sees it besides the person it is about. */
  recipients: string
  retention: { text: string; rules: RetentionRule[] }
}

const MONTH = 30
const SIX_MONTHS = 6 * MONTH
const TWO_YEARS = 2 * 365
/** What every category says of a deleted account: erased when the grace period ends. */
const CLOSED = { after: 'account-closed', days: DELETION_GRACE_DAYS } as const
const AFTER_DELETION = `Si eliminas tu cuenta, todo se borra ${DELETION_GRACE_DAYS} días después de pedirlo.`

export const DATA_CATEGORIES: DataCategory[] = [
  {
    id: 'cuenta',
    name: 'Datos de tu cuenta y de tu perfil',
    about: 'Conductores',
    data:
      'Nombre, apellido, RUT, correo electrónico, celular y contraseña (guardamos solo ' +
      'una huella cifrada, nunca la contraseña). Si los agregas en «Mi perfil»: foto, ' +
      'dirección, «Sobre mí», comuna, tipo de vehículo y experiencia laboral.',
    purpose:
      'Crear y mantener tu cuenta, identificarte al iniciar sesión, escribirte sobre tu ' +
      'cuenta y mostrar tu perfil a las empresas a cuyas publicaciones postulas.',
    legalBasis: 'La ejecución del contrato que aceptas al registrarte (los Términos y condiciones).',
    recipients:
      'El equipo de Fleeters. Las empresas a las que postulas ven parte de tu perfil ' +
      '(lo detallamos en «Quién recibe tus datos»).',
    retention: {
      text:
        `Mientras tengas tu cuenta. ${AFTER_DELETION} Si no entras en ${INACTIVITY_DAYS / 365} ` +
        `años, te avisamos y la eliminamos ${INACTIVITY_NOTICE_DAYS} días después. El ` +
        `archivo de «Descargar mis datos», hasta que vence su descarga.`,
      rules: [
        CLOSED,
        { id: 'export-files', after: 'download-expired', days: 0, only: 'archivo de «Descargar mis datos»' },
      ],
    },
  },
  {
    id: 'identidad',
    name: 'Documentos de identidad y de conductor',
    about: 'Conductores',
    data:
      'Cédula de identidad (ambos lados), licencia de conducir (ambos lados), hoja de ' +
      'vida del conductor y comprobante de domicilio, con sus fechas de vencimiento.',
    purpose:
      'Verificar quién eres, que puedes conducir y dónde vives antes de habilitarte ' +
      'para postular, y avisarte cuando un documento está por vencer.',
    legalBasis:
      'La ejecución del contrato y el interés legítimo de Fleeters y de las empresas en ' +
      'saber quién transporta su carga.',
    special:
      'Tu licencia puede indicar restricciones médicas (por ejemplo, el uso de lentes): ' +
      'son datos de salud, que la ley considera sensibles. La hoja de vida del ' +
      'conductor registra infracciones de tránsito, que la ley también protege de forma ' +
      'especial. Para estos datos la base es tu consentimiento expreso, que das al ' +
      'subir el documento y puedes retirar escribiéndonos (sin el documento no podemos ' +
      'habilitarte).',
    recipients:
      'Solo el equipo de revisión de Fleeters. Las empresas nunca ven tus documentos: solo cuántos tienes aprobados.',
    retention: {
      text:
        `El vigente, mientras tengas tu cuenta. El archivo de un documento reemplazado o ` +
        `rechazado, 6 meses. ${AFTER_DELETION}`,
      rules: [{ id: 'documents-retired', after: 'replaced-or-rejected', days: SIX_MONTHS }, CLOSED],
    },
  },
  {
    id: 'antecedentes',
    name: 'Certificado de antecedentes',
    about: 'Conductores',
    data: 'El certificado de antecedentes que subes, con lo que diga sobre condenas penales.',
    purpose: 'Comprobar que no tienes antecedentes penales incompatibles con transportar la carga de otros.',
    legalBasis:
      'Tu consentimiento expreso, que das al subir el certificado y puedes retirar ' +
      'escribiéndonos (sin él no podemos habilitarte).',
    special:
      'Los datos sobre condenas penales tienen una protección especial en la ley: los ' +
      'tratamos con el mismo cuidado que los datos sensibles, los guardamos en privado ' +
      'y los conservamos el menor tiempo posible.',
    recipients: 'Solo el equipo de revisión de Fleeters. Ninguna empresa lo ve.',
    retention: {
      text:
        `El vigente, mientras tengas tu cuenta. El archivo de un certificado reemplazado ` +
        `o rechazado, 30 días. ${AFTER_DELETION}`,
      rules: [{ id: 'certificate-retired', after: 'replaced-or-rejected', days: MONTH }, CLOSED],
    },
  },
  {
    id: 'vehiculo',
    name: 'Documentos y fotos del vehículo',
    about: 'Conductores',
    data:
      'Padrón, permiso de circulación, revisión técnica, SOAP, certificado de gases, ' +
      'fotos del vehículo y, si es un furgón, de su interior.',
    purpose: 'Verificar que el vehículo puede circular, está asegurado y sirve para el reparto.',
    legalBasis: 'La ejecución del contrato.',
    recipients: 'Solo el equipo de revisión de Fleeters. Las empresas nunca ven estos documentos.',
    retention: {
      text:
        `El vigente, mientras tengas tu cuenta. El archivo de un documento reemplazado o ` +
        `rechazado, 6 meses. ${AFTER_DELETION}`,
      rules: [{ id: 'vehicle-documents-retired', after: 'replaced-or-rejected', days: SIX_MONTHS }, CLOSED],
    },
  },
  {
    id: 'banco',
    name: 'Cuenta bancaria y datos de facturación',
    about: 'Conductores',
    data:
      'Titular, banco, tipo y número de cuenta, documento que emites (boleta o ' +
      'factura), dirección para el SII, teléfono y correo de facturación.',
    purpose: 'Pagarte tu producción en la cuenta que elijas y cumplir las reglas tributarias de esos pagos.',
    legalBasis: 'La ejecución del contrato y el cumplimiento de obligaciones legales (tributarias).',
    recipients: 'Solo el equipo de Fleeters y el banco que procesa la transferencia. Las empresas nunca los ven.',
    retention: {
      text:
        `Mientras tengas tu cuenta. ${AFTER_DELETION} Fleeters no guarda registros de ` +
        `pagos en la plataforma, así que no conserva tu cuenta bancaria después.`,
      rules: [CLOSED],
    },
  },
  {
    id: 'postulaciones',
    name: 'Postulaciones, publicaciones guardadas y mensajes',
    about: 'Conductores y empresas',
    data:
      'A qué publicaciones postulas o guardas, el estado de cada postulación y los ' +
      'correos que una empresa te envía desde Fleeters.',
    purpose: 'Conectarte con las empresas: que vean tu postulación, te contacten y te digan cómo va.',
    legalBasis: 'La ejecución del contrato.',
    recipients: 'La empresa de cada publicación a la que postulas.',
    retention: {
      text:
        `Una postulación o una publicación guardada, 2 años (si la publicación sigue ` +
        `abierta, 2 años desde su último cambio de estado). Los correos que una empresa ` +
        `te envía, 30 días después de enviados. ${AFTER_DELETION}`,
      rules: [
        { id: 'applications', after: 'created', days: TWO_YEARS, only: 'postulaciones y publicaciones guardadas' },
        CLOSED,
      ],
    },
  },
  {
    id: 'empresas',
    name: 'Datos de empresas',
    about: 'Empresas y sus contactos',
    data:
      'Nombre y RUT de la empresa, nombre de la persona de contacto, correo, teléfono, ' +
      'comuna, logo y contraseña (solo su huella cifrada); sus publicaciones.',
    purpose: 'Crear y mantener la cuenta de la empresa, publicar sus rutas y conectarla con conductores.',
    legalBasis: 'La ejecución del contrato.',
    recipients:
      'El nombre, el logo y las publicaciones de la empresa son públicos; los ' +
      'conductores que postulan reciben sus correos con el correo y el teléfono que la ' +
      'empresa incluya.',
    retention: {
      text:
        `Mientras la empresa tenga su cuenta. Si la elimina, todo (también sus ` +
        `publicaciones) se borra ${DELETION_GRACE_DAYS} días después de pedirlo. Las ` +
        `publicaciones cerradas, 2 años.`,
      rules: [CLOSED, { id: 'closed-postings', after: 'posting-closed', days: TWO_YEARS, only: 'publicaciones' }],
    },
  },
  {
    id: 'poder-simple',
    name: 'Datos del dueño del vehículo (poder simple)',
    about: 'Dueños de vehículos que no son el conductor',
    data:
      'Nombre, RUT, domicilio, nacionalidad, celular, correo, fotos de ambos lados de ' +
      'su cédula de identidad y su respuesta de firma por WhatsApp.',
    purpose: 'Extender el poder simple que autoriza al conductor a usar el vehículo y comprobar que el dueño lo firmó.',
    legalBasis: 'El consentimiento del dueño, que completa el poder con sus datos y lo firma.',
    recipients:
      'El equipo de revisión de Fleeters; WhatsApp (Meta) para el mensaje de firma. El ' +
      'poder queda entre los documentos del conductor.',
    retention: {
      text:
        `Las fotos de la cédula del dueño, 30 días después de que aprobamos o rechazamos ` +
        `el poder (o el conductor lo reemplaza). El poder, mientras esté entre los ` +
        `documentos del conductor; el archivo de un poder reemplazado o rechazado, 6 ` +
        `meses. Todo, ${DELETION_GRACE_DAYS} días después de que el conductor pida ` +
        `eliminar su cuenta.`,
      rules: [
        { id: 'power-id-images', after: 'power-decided', days: MONTH, only: 'fotos de la cédula del dueño' },
        { id: 'power-retired', after: 'replaced-or-rejected', days: SIX_MONTHS, only: 'el poder' },
        CLOSED,
      ],
    },
  },
  {
    id: 'contacto',
    name: 'Mensajes de contacto, consultas y reclamos',
    about: 'Cualquier persona que nos escribe',
    data:
      'Nombre, correo, teléfono y lo que nos escribes en los formularios de contacto, ' +
      'de empresas o de consultas y reclamos.',
    purpose: 'Responderte y resolver tu consulta o reclamo.',
    legalBasis: 'Tu solicitud: nos escribes para que te respondamos.',
    recipients: 'El equipo de Fleeters.',
    retention: {
      text: '2 años desde que nos escribes.',
      rules: [{ id: 'public-forms', after: 'created', days: TWO_YEARS }],
    },
  },
  {
    id: 'tecnicos',
    name: 'Registros técnicos y de seguridad',
    about: 'Quien usa Fleeters',
    data:
      'Dirección IP, el navegador y dispositivo de cada sesión y cuándo la usaste por ' +
      'última vez, un registro de cada solicitud (sin lo que escribes en los ' +
      'formularios) y la fecha, la versión y la dirección IP con que aceptaste los ' +
      'Términos y condiciones y esta Política de privacidad.',
    purpose:
      'Proteger tu cuenta (mostrarte tus sesiones abiertas, cerrarlas, frenar intentos ' +
      'repetidos), resolver fallas y poder demostrar qué aceptaste y cuándo.',
    legalBasis:
      'El interés legítimo de Fleeters en la seguridad del servicio y el cumplimiento ' +
      'de obligaciones legales (demostrar tu consentimiento).',
    recipients: 'El equipo de Fleeters.',
    retention: {
      text:
        'Registros de solicitudes, 90 días. Sesiones, 90 días desde que terminan. Códigos ' +
        'y enlaces de un solo uso (verificación, recuperación de contraseña), 7 días ' +
        'después de vencer. Copias de los correos y mensajes que te enviamos, 30 días ' +
        'después de enviados. Tus aceptaciones, mientras tengas tu cuenta; al eliminarla ' +
        'guardamos solo qué versión aceptaste y cuándo, sin tu IP, como prueba.',
      rules: [
        { after: 'created', days: 90, only: 'registros de solicitudes' },
        { id: 'sessions', after: 'session-ended', days: 90, only: 'sesiones' },
        { id: 'one-time-codes', after: 'code-expired', days: 7, only: 'códigos y enlaces de un solo uso' },
        { id: 'sent-messages', after: 'message-sent', days: MONTH, only: 'copias de los correos y mensajes enviados' },
        { ...CLOSED, only: 'aceptaciones (su IP)' },
      ],
    },
  },
]

/** The period of a rule the retention job enforces, found by its id. */
export function retentionDays(id: RetentionRuleId): number {
  for (const category of DATA_CATEGORIES) {
    const rule = category.retention.rules.find((r) => r.id === id)
    if (rule) return rule.days
  }
  throw new Error(`No retention rule ${id}`)
}

/** Ley 21.719's rights and how to use each one in Fleeters (no promise of screens that do not exist). */
export interface DataRight {
  id: string
  name: string
  what: string
  howToday: string
}

export const DATA_RIGHTS: DataRight[] = [
  {
    id: 'acceso',
    name: 'Acceso',
    what: 'Saber qué datos tuyos tenemos, para qué los usamos y a quién se los entregamos.',
    howToday:
      'En «Mis datos» (conductores: Configuración › Mis datos; empresas: pestaña «Mis ' +
      'datos») preparas una copia en «Descargar mis datos»: un ZIP con todos tus datos ' +
      'y tus archivos. Los conductores ven además «Quién vio mis datos»: cada empresa y ' +
      'cada vez que el equipo abrió tus documentos o tu RUT.',
  },
  {
    id: 'rectificacion',
    name: 'Rectificación',
    what: 'Corregir datos inexactos o desactualizados.',
    howToday:
      'Cambias tu nombre, dirección, «Sobre mí», experiencia y datos bancarios en «Mi ' +
      'perfil» y «Datos bancarios», y reemplazas un documento subiéndolo otra vez. Lo ' +
      'que no puedes editar (tu RUT, los datos de un documento aprobado o de tu ' +
      'empresa) lo pides en «Mis datos» › «Corregir datos que no puedes editar».',
  },
  {
    id: 'supresion',
    name: 'Supresión',
    what:
      'Pedir que borremos tus datos cuando ya no sean necesarios o retires tu ' +
      'consentimiento, salvo los que la ley nos obliga a guardar.',
    howToday:
      `En «Mis datos» › «Eliminar mi cuenta», con tu contraseña. Tu cuenta se cierra al ` +
      `instante y todo se borra ${DELETION_GRACE_DAYS} días después; si inicias sesión ` +
      `antes, la eliminación se cancela.`,
  },
  {
    id: 'oposicion',
    name: 'Oposición',
    what: 'Oponerte a un uso de tus datos basado en nuestro interés legítimo.',
    howToday:
      'En «Mis datos» (conductores: «Pausar mi perfil o dejar de recibir correos no ' +
      'esenciales»; empresas: «Correos no esenciales») dejas de recibir los correos que ' +
      'no son indispensables (recordatorios de vencimiento, avisos de nuevos ' +
      'postulantes). Para otro uso, escríbenos.',
  },
  {
    id: 'portabilidad',
    name: 'Portabilidad',
    what: 'Recibir tus datos en un formato estructurado y de uso común, para llevarlos a otro servicio.',
    howToday:
      'El ZIP de «Descargar mis datos» trae tus datos en JSON, un formato que otro ' +
      'servicio puede leer, y tus archivos. Puedes pedir uno al día y descargarlo ' +
      'durante 7 días.',
  },
  {
    id: 'bloqueo',
    name: 'Bloqueo',
    what:
      'Pedir que suspendamos el uso de tus datos mientras revisamos una solicitud de ' +
      'rectificación, supresión u oposición.',
    howToday:
      'Los conductores usan «Pausar mi perfil» en «Mis datos»: las empresas dejan de ' +
      'verte y no puedes postular hasta que lo reanudes. Para bloquear otro dato, ' +
      'escríbenos.',
  },
]

/** How long the law gives us to answer a request about these rights. */
export const RIGHTS_ANSWER_DAYS = 30
