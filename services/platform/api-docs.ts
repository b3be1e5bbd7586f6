/**
 * The OpenAPI 3.1 document of the composed services and its reference page: plain server-rendered
 * HTML (no script, no CDN), readable offline and within any content security policy.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { COMPOSED_HANDLER } from 'hono/utils/constants'
import { ROLE_HEADER, sessionRequirement, type SessionRequirement } from './auth'
import { SECURITY_SCHEMES } from './contract'

type Json = Record<string, any>

/** Tag order and Spanish descriptions of the reference page's sections. */
export const API_TAGS = [
  {
    name: 'Autenticación',
    description: 'Servicio de usuarios: inicio y cierre de sesión, verificación de correo, contraseña.',
  },
  {
    name: 'Registro',
    description: 'Servicio de usuarios: registro de conductores y disponibilidad de correo, RUT y teléfono.',
  },
  {
    name: 'Área del conductor',
    description: 'Servicio de usuarios: perfil, documentos, experiencia laboral y datos bancarios.',
  },
  {
    name: 'Ofertas para conductores',
    description: 'Servicio de usuarios: búsqueda, postulaciones y ofertas guardadas.',
  },
  {
    name: 'Poder simple',
    description: 'Servicio de usuarios: enlaces firmados y poder simple del dueño del vehículo.',
  },
  {
    name: 'Privacidad',
    description:
      'Servicio de usuarios: aceptación de las versiones vigentes de los términos y la ' +
      'política de privacidad (Ley 21.719).',
  },
  { name: 'Consola', description: 'Servicio de usuarios: consola de operaciones (/admin).' },
  { name: 'Empresas', description: 'Servicio de empresas: registro, ofertas, postulantes y contacto.' },
  {
    name: 'Datos generales',
    description: 'Servicio de datos generales: zonas, regiones, comunas y contenido del inicio.',
  },
  { name: 'Contacto', description: 'Servicio de datos generales: formularios de contacto y reclamos.' },
]

type AnyApp = OpenAPIHono<any, any, any>

/**
 * The role checks (requireRole) the app runs for an operation: the middleware of `app.use`
 * patterns that match its path, and those of its own declaration, up to its handler (what is
 * registered after the handler never runs for it). Read from the app's router, in the order a
 * request meets them, so the document says what the services enforce.
 */
function roleChecks(app: AnyApp, method: string, path: string): SessionRequirement[] {
  const own = path.replaceAll(/\{(.+?)\}/g, ':$1')
  // Any value stands for a parameter: defineRoute's patterns do not constrain them.
  const [matched] = app.router.match(method.toUpperCase(), path.replaceAll(/\{.+?\}/g, '1'))
  const chain = matched
    .map(([[handler, route]]) => ({ handler, route }))
    .filter(({ route }) => route.method === 'ALL' || route.path === own)
  const end = chain.findLastIndex(({ route }) => route.method !== 'ALL')
  const checks: SessionRequirement[] = []
  for (const { handler: h } of chain.slice(0, end + 1)) {
    // A sub-app with its own error handler wraps each of its handlers when mounted.
    let inner: unknown = h
    while (typeof inner === 'function' && COMPOSED_HANDLER in inner)
      inner = (inner as unknown as Record<string, unknown>)[COMPOSED_HANDLER]
    const check = sessionRequirement(inner)
    if (check) checks.push(check)
  }
  return checks
}

/** An operation's security: the headers its role checks read ([] when none: a public operation). */
function securityOf(checks: SessionRequirement[]): Array<Record<string, string[]>> {
  const headers = [...new Set(checks.map((c) => ROLE_HEADER[c.role]))]
  return headers.length ? [Object.fromEntries(headers.map((h) => [h, []]))] : []
}

/**
 * Each operation's security, from the role checks the app runs for it. A declaration that states
 * its security must state that one: a route whose declared and enforced security differ fails
 * the document (and with it services/openapi.test.ts and `npm run lint:api`).
 */
function withSecurity<D extends { paths?: object }>(app: AnyApp, document: D): D {
  const wrong: string[] = []
  const declared = new Map<string, unknown>()
  for (const def of app.openAPIRegistry.definitions)
    if (def.type === 'route') declared.set(`${def.route.method} ${def.route.path}`, def.route.security)
  for (const [path, item] of Object.entries((document.paths ?? {}) as Json)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      const checks = roleChecks(app, method, path)
      const security = securityOf(checks)
      const stated = declared.get(`${method} ${path}`)
      if (stated !== undefined && JSON.stringify(stated) !== JSON.stringify(security))
        wrong.push(
          `${method.toUpperCase()} ${path} declares ${JSON.stringify(stated)}, checks ${JSON.stringify(security)}`,
        )
      op.security = security
      // The routes of the second-factor step also let in a session still waiting for it.
      if (checks.length && checks.every((c) => c.factorPending)) op['x-second-factor-pending'] = true
    }
  }
  if (wrong.length) throw new Error(`Contract: declared security differs from the role checks:\n${wrong.join('\n')}`)
  return document
}

export function openApiDocument(app: AnyApp) {
  const used = new Set<string>()
  for (const def of app.openAPIRegistry.definitions)
    if (def.type === 'route') for (const t of def.route.tags ?? []) used.add(t)
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Fleeters API',
      version: '1.0.0',
      description:
        'Los tres servicios de la especificación §7 (usuarios, empresas, datos ' +
        'generales). Los errores responden `{ message }` en español.',
    },
    servers: [{ url: '/api', description: 'El mismo origen que las páginas' }],
    tags: API_TAGS.filter((t) => used.has(t.name)),
  })
  document.components = { ...document.components, securitySchemes: { ...SECURITY_SCHEMES } }
  return withSecurity(app, document)
}

const escape = (s: unknown) =>
  String(s ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

/** A short type for a schema: string, integer, array of object, 'A' | 'B', … */
function typeOf(schema: Json | undefined): string {
  if (!schema) return 'cualquiera'
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.anyOf || schema.oneOf) return (schema.anyOf ?? schema.oneOf).map(typeOf).join(' | ')
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type
  if (type === 'array') return `lista de ${typeOf(schema.items)}`
  if (schema.format === 'binary') return 'archivo'
  return type ?? 'cualquiera'
}

function fields(schema: Json | undefined, depth = 0): string {
  const props = schema?.properties as Json | undefined
  const target = props ? schema : schema?.type === 'array' ? schema.items : undefined
  if (!target?.properties || depth > 2) return ''
  const required = new Set<string>(target.required ?? [])
  const items = Object.entries(target.properties as Json).map(([name, s]) => {
    const nested = fields(s as Json, depth + 1)
    return (
      `<li><code>${escape(name)}</code>: ` +
      `${escape(typeOf(s as Json))}${required.has(name) ? '' : ' (opcional)'}${nested}</li>`
    )
  })
  return `<ul>${items.join('')}</ul>`
}

function content(c: Json | undefined): string {
  if (!c) return ''
  return Object.entries(c)
    .map(
      ([type, media]) =>
        `<p>${escape(type)}</p>${fields((media as Json).schema) || `<p>${escape(typeOf((media as Json).schema))}</p>`}`,
    )
    .join('')
}

/** A parameter's entry: its name, where it goes and its type. */
function parameter(p: Json): string {
  return `<li><code>${escape(p.name)}</code> (${escape(p.in)}): ${escape(typeOf(p.schema))}</li>`
}

/** A response's entry: its status and description, and what it returns when it succeeds (2xx). */
function response([status, r]: [string, Json]): string {
  const body = /^2/.test(status) ? content(r.content) : ''
  return `<dt>${escape(status)}</dt><dd><p>${escape(r.description)}</p>${body}</dd>`
}

/** The reference page: one section per tag, one entry per operation. */
export function renderApiDocs(document: Json): string {
  const byTag = new Map<string, string[]>()
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const o = op as Json
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9-]+/g, '-')
      const auth = (o.security ?? []).flatMap((s: Json) => Object.keys(s))
      const params = (o.parameters ?? []) as Json[]
      const html = [
        `<section aria-labelledby="${id}"><h3 id="${id}"><code>${method.toUpperCase()} ${escape(path)}</code></h3>`,
        o.summary ? `<p>${escape(o.summary)}</p>` : '',
        o.description ? `<p>${escape(o.description)}</p>` : '',
        auth.length ? `<p>Requiere el encabezado <code>${escape(auth.join(', '))}</code>.</p>` : '<p>Pública.</p>',
        o['x-second-factor-pending'] ? '<p>Acepta una sesión que aún no pasa la verificación en dos pasos.</p>' : '',
        params.length ? `<h4>Parámetros</h4><ul>${params.map(parameter).join('')}</ul>` : '',
        o.requestBody ? `<h4>Cuerpo</h4>${content(o.requestBody.content)}` : '',
        `<h4>Respuestas</h4><dl>${Object.entries(o.responses as Json)
          .map(response)
          .join('')}</dl></section>`,
      ].join('')
      for (const tag of o.tags ?? ['Otros']) byTag.set(tag, [...(byTag.get(tag) ?? []), html])
    }
  }
  const tags = [
    ...((document.tags ?? []) as Json[]),
    ...[...byTag.keys()]
      .filter((t) => !(document.tags ?? []).some((d: Json) => d.name === t))
      .map((name): Json => ({ name })),
  ]
  const sections = tags
    .filter((t) => byTag.has(t.name))
    .map(
      (t, i) =>
        `<section aria-labelledby="tag-${i}"><h2 id="tag-${i}">${escape(t.name)}</h2>` +
        `${t.description ? `<p>${escape(t.description)}</p>` : ''}${byTag.get(t.name)!.join('')}</section>`,
    )
  const toc = tags
    .filter((t) => byTag.has(t.name))
    .map((t, i) => `<li><a href="#tag-${i}">${escape(t.name)}</a> (${byTag.get(t.name)!.length})</li>`)
    .join('')
  return (
    `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta ` +
    `name="viewport" content="width=device-width, ` +
    `initial-scale=1">
<title>${escape(document.info.title)}: ` +
    `referencia</title>
<style>
body{font-family:system-ui,sans-serif;line-height:1.5;max-width:60rem;margin:0 ` +
    `auto;padding:1rem;color:#1a1a1a}
code{font-family:ui-monospace,monospace;background:#f2f2f2;padding:0 ` +
    `.2em;border-radius:3px}
h3{border-top:1px solid ` +
    `#ccc;padding-top:1rem}
dt{font-weight:bold}
</style>
</head>
<body>
<main>
<h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description)}</p>
<p>Versión ` +
    `${escape(document.info.version)}. Rutas relativas a ` +
    `<code>${escape(document.servers?.[0]?.url ?? '/')}</code>. Documento OpenAPI ` +
    `3.1: <a href="openapi.json">openapi.json</a>.</p>
<nav ` +
    `aria-label="Servicios"><ul>${toc}</ul></nav>
${sections.join('\n')}
</main>
</body>
</html>`
  )
}

/** The page has no script and only its own inline style. */
export const API_DOCS_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
