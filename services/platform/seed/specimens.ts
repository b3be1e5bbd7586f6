/**
 * Specimen drawings of every document the driver's checklist asks for (decision 93): the «Ejemplo»
 * a driver sees beside each slot (public/specimens/<slot>.svg, written by
 * scripts/generate-specimens.ts) and the source of the demo driver's photos (specimen-photos.ts).
 * Every value is invented (names end in MUESTRA, RUTs like 12.345.678-5, a plate with vowels no
 * real plate has), a silhouette stands for a face, no real logo or seal is drawn, and «MUESTRA»
 * crosses each drawing. Proportions are real: cards are ID-1 (85.6 × 54 mm), certificates letter
 * size, the small papers half a letter.
 */
import { DOCUMENT_SLOTS, type DocumentSlotKey } from '#domain/reference-data/documents'
import { computeCheckDigit } from '#domain/rut'

const CARD = { w: 856, h: 540 }
const HALF = { w: 816, h: 528 }
const LETTER = { w: 816, h: 1056 }
const PHOTO = { w: 800, h: 600 }

function rut(body: number) {
  return `${String(body).replace(/\B(?=(\d{3})+$)/g, '.')}-${computeCheckDigit(body)}`
}
/** Whose documents a specimen shows. */
export interface Holder {
  names: string
  surnames: string
  /** 12.345.678-5 */
  rut: string
  address: string
}

/** The invented person of the public specimens. */
const DRIVER: Holder = {
  names: 'CAMILA ANDREA',
  surnames: 'PÉREZ MUESTRA',
  rut: rut(12345678),
  address: 'CALLE FICTICIA 123, PROVIDENCIA',
}
const OWNER = { name: 'JUAN SOTO MUESTRA', rut: rut(11111111) }
const PLATE = 'MUES·12'
const VEHICLE = [
  ['MARCA', 'MARCA MUESTRA'],
  ['MODELO', 'CARGO 1.5'],
  ['AÑO', '2021'],
  ['COLOR', 'BLANCO'],
] as const

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

/** A text; `attrs` adds raw attributes (size, anchor, fill). */
function t(x: number, y: number, s: string, cls = '', attrs = '') {
  return `<text x="${x}" y="${y}"${cls ? ` class="${cls}"` : ''}${attrs ? ` ${attrs}` : ''}>${esc(s)}</text>`
}

/** A label over its value, as official papers print their fields. */
function field(x: number, y: number, label: string, value: string, size: number) {
  return t(x, y, label, 'l') + t(x, y + size * 1.25, value, 'v')
}

function fields(x: number, y: number, rows: ReadonlyArray<readonly [string, string]>, size: number, step: number) {
  return rows.map(([l, v], i) => field(x, y + i * step, l, v, size)).join('')
}

/** Rows of fine print, drawn as grey strokes of varied length (the text itself would say nothing). */
function print(x: number, y: number, w: number, n: number, gap = 16, seed = 1) {
  let d = ''
  for (let i = 0; i < n; i++) d += `M${x} ${y + i * gap}h${Math.round(w * (0.72 + (((i + seed) * 37) % 28) / 100))}`
  return `<path d="${d}" stroke="#a0aec0" stroke-width="${Math.round(gap * 0.4)}"/>`
}

/** A photo frame with a plain drawn silhouette (never a face). */
function silhouette(x: number, y: number, w: number, h: number, opacity = 1) {
  return (
    `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 100 125" opacity="${opacity}">` +
    '<rect width="100" height="125" fill="#d5dde7"/><g fill="#7b8ca3"><circle cx="50" cy="50" r="23"/>' +
    '<ellipse cx="50" cy="128" rx="45" ry="46"/></g></svg>'
  )
}

function signature(x: number, y: number, scale = 1) {
  return (
    `<path transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="#1e3a8a" stroke-width="2.5" ` +
    'd="M0 20c10-34 18 26 28 2s14-30 22-4 10 18 20-6 12-8 18 4 20-10 40-8"/>'
  )
}

/** A deterministic pattern in the shape of a QR code: it encodes nothing. */
function qr(x: number, y: number, size: number, seed = 7) {
  const n = 21
  let state = seed
  let d = ''
  const finder = (r: number, c: number) => {
    const inside = (a: number, b: number) => r >= a && r < a + 7 && c >= b && c < b + 7
    return inside(0, 0) || inside(0, 14) || inside(14, 0)
  }
  for (let r = 0; r < n; r++) {
    let run = 0
    for (let c = 0; c <= n; c++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff
      const on = c < n && !finder(r, c) && state % 3 !== 0
      if (on) run++
      if (!on && run) {
        d += `M${c - run} ${r}h${run}v1h-${run}z`
        run = 0
      }
    }
  }
  const eye = (c: number, r: number) => `M${c} ${r}h7v7h-7zM${c + 1} ${r + 1}v5h5v-5zM${c + 2} ${r + 2}h3v3h-3z`
  return (
    `<g transform="translate(${x} ${y}) scale(${size / n})"><rect width="${n}" height="${n}" fill="#fff"/>` +
    `<path fill="#111" fill-rule="evenodd" d="${d}${eye(0, 0)}${eye(14, 0)}${eye(0, 14)}"/></g>`
  )
}

/** A barcode-like stripe (a dashed stroke), deterministic, encoding nothing. */
function barcode(x: number, y: number, w: number, h: number) {
  return (
    `<path d="M${x} ${y + h / 2}h${w}" stroke="#111" stroke-width="${h}" ` +
    'stroke-dasharray="3 2 1 2 4 1 2 3 1 1 3 2 2 1 1 3 4 2 1 2"/>'
  )
}

/** A round stamp with invented words, in ink. */
function stamp(cx: number, cy: number, r: number, words: string) {
  const size = Math.round(Math.min(r / 3.4, (r * 2.5) / words.length))
  return (
    `<g fill="none" stroke="#6b46c1" stroke-width="3" opacity=".7"><circle cx="${cx}" cy="${cy}" r="${r}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r - 10}"/></g>` +
    t(cx, cy + 6, words, '', `font-size="${size}" fill="#6b46c1" text-anchor="middle" opacity=".8"`)
  )
}

/** A table: header row then rows, columns at the given x offsets. */
function table(x: number, y: number, w: number, cols: number[], rows: string[][], rowH = 30) {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${rowH}" fill="#e2e8f0"/>`
  out += `<path d="${rows.map((_, i) => `M${x} ${y + (i + 1) * rowH}h${w}`).join('')}" stroke="#cbd5e0"/>`
  rows.forEach((row, i) =>
    row.forEach((cell, j) => {
      out += t(x + cols[j]! + 8, y + i * rowH + rowH * 0.68, cell, i === 0 ? 'th' : 'td')
    }),
  )
  return out + `<rect x="${x}" y="${y}" width="${w}" height="${rows.length * rowH}" fill="none" stroke="#a0aec0"/>`
}

interface Sheet {
  size: { w: number; h: number }
  slot: DocumentSlotKey
  body: string
  /** Label and value font sizes. */
  text: [number, number]
  bg?: string
  radius?: number
  defs?: string
}

function sheet({ size: { w, h }, slot, body, text: [l, v], bg = '#fff', radius = 0, defs = '' }: Sheet): string {
  const title = DOCUMENT_SLOTS.find((s) => s.key === slot)!.title
  const angle = -Math.round((Math.atan2(h, w) * 180) / Math.PI)
  const mark = Math.round(Math.hypot(w, h) / 6.2)
  const footer = `text-anchor="middle" font-size="${Math.max(11, Math.round(w / 60))}" fill="#c53030"`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" `,
    `aria-label="Ejemplo de ${title}: una muestra con datos ficticios" `,
    'font-family="Liberation Sans,Arial,Helvetica,sans-serif">',
    `<style>.l{font-size:${l}px;fill:#4a5568;letter-spacing:.04em}.v{font-size:${v}px;font-weight:700;fill:#1a202c}`,
    `.h{font-weight:700;fill:#1a365d}.m{font-family:DejaVu Sans Mono,Courier New,monospace}`,
    `.th{font-size:${l}px;font-weight:700;fill:#2d3748}.td{font-size:${l + 1}px;fill:#1a202c}</style>`,
    defs ? `<defs>${defs}</defs>` : '',
    `<rect width="${w}" height="${h}" rx="${radius}" fill="${bg}" stroke="#a0aec0"/>`,
    body,
    `<text x="${w / 2}" y="${h / 2}" transform="rotate(${angle} ${w / 2} ${h / 2})" text-anchor="middle" `,
    `dominant-baseline="middle" font-size="${mark}" font-weight="700" fill="#c53030" opacity=".22" `,
    `letter-spacing="${Math.round(mark / 10)}">MUESTRA</text>`,
    t(w / 2, h - Math.max(8, Math.round(h / 60)), 'ESPÉCIMEN CON DATOS FICTICIOS · SIN VALIDEZ', '', footer),
    '</svg>\n',
  ].join('')
}

const waves = (w: number, h: number, color: string) => {
  let d = ''
  for (let i = 0; i < 7; i++) {
    const y = Math.round((h / 8) * (i + 1))
    d += `M0 ${y}q${w / 8} -40 ${w / 4} 0t${w / 4} 0t${w / 4} 0t${w / 4} 0`
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="1.5" opacity=".45"/>`
}

const gradient = (a: string, b: string) =>
  `<linearGradient id="g" x2="1" y2="1"><stop stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`

function card(slot: DocumentSlotKey, a: string, b: string, body: string) {
  const { w, h } = CARD
  return sheet({
    size: CARD,
    slot,
    radius: 32,
    bg: 'url(#g)',
    defs: gradient(a, b),
    text: [15, 24],
    body: waves(w, h, '#7f9cc0') + body,
  })
}

function cedulaFrontal() {
  return card(
    'cedula_identidad_frontal',
    '#d8e7f5',
    '#f4e4ee',
    t(40, 58, 'REPÚBLICA DE CHILE', 'h', 'font-size="26"') +
      t(40, 82, 'SERVICIO DE REGISTRO CIVIL E IDENTIFICACIÓN', 'l') +
      t(816, 58, 'CÉDULA DE IDENTIDAD', 'h', 'font-size="26" text-anchor="end"') +
      t(816, 82, 'IDENTITY CARD', 'l', 'text-anchor="end"') +
      silhouette(40, 112, 220, 275) +
      fields(
        290,
        128,
        [
          ['APELLIDOS', DRIVER.surnames],
          ['NOMBRES', DRIVER.names],
        ],
        24,
        62,
      ) +
      field(290, 252, 'NACIONALIDAD', 'CHILENA', 24) +
      field(500, 252, 'SEXO', 'F', 24) +
      field(290, 314, 'FECHA DE NACIMIENTO', '01 ENE 1990', 24) +
      field(540, 314, 'NÚMERO DOCUMENTO', '100.000.001', 24) +
      field(290, 376, 'FECHA DE EMISIÓN', '15 MAR 2024', 24) +
      field(540, 376, 'FECHA DE VENCIMIENTO', '15 MAR 2034', 24) +
      t(290, 440, 'FIRMA DEL TITULAR', 'l') +
      signature(300, 452, 1.6) +
      silhouette(690, 112, 120, 150, 0.35) +
      t(40, 470, 'RUN', 'l') +
      t(40, 506, DRIVER.rut, 'v', 'font-size="34"'),
  )
}

/** The machine-readable lines of the card that carry the holder: the RUN and the name. */
const mrzLine = (s: string) => s.padEnd(30, '<').slice(0, 30)
const mrzNumber = (h: Holder) => mrzLine(`INCHL1000000014S${h.rut.replace(/\./g, '').replace('-', '<')}`)
const mrzName = (h: Holder) =>
  mrzLine(
    `${h.surnames}<<${h.names}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ /g, '<'),
  )

function cedulaPosterior() {
  const mrz = [mrzNumber(DRIVER), '9001017F3403154CHL<<<<<<<<<<<6', mrzName(DRIVER)]
  return card(
    'cedula_identidad_posterior',
    '#e9eef6',
    '#dfe9f3',
    qr(40, 40, 170) +
      fields(
        240,
        60,
        [
          ['NACIÓ EN', 'SANTIAGO'],
          ['PROFESIÓN', 'CONDUCTORA'],
        ],
        24,
        62,
      ) +
      '<g fill="none" stroke="#4a5568" stroke-width="2">' +
      [14, 26, 38, 50, 62].map((r) => `<ellipse cx="730" cy="120" rx="${r * 0.8}" ry="${r}"/>`).join('') +
      '</g>' +
      t(730, 205, 'HUELLA', 'l', 'text-anchor="middle"') +
      `<rect x="24" y="300" width="808" height="200" rx="8" fill="#fff" opacity=".75"/>` +
      mrz.map((line, i) => t(40, 352 + i * 58, line, 'm', 'font-size="38" fill="#111"')).join(''),
  )
}

function licenciaFrontal() {
  return card(
    'licencia_conducir_frontal',
    '#f8ecd8',
    '#e3f1e4',
    t(40, 58, 'LICENCIA DE CONDUCTOR', 'h', 'font-size="28"') +
      t(40, 84, 'MUNICIPALIDAD DE MUESTRA · CHILE', 'l') +
      `<rect x="700" y="30" width="116" height="88" rx="10" fill="#1a365d"/>` +
      t(758, 98, 'B', '', 'font-size="64" font-weight="700" fill="#fff" text-anchor="middle"') +
      silhouette(40, 112, 200, 250) +
      field(270, 132, 'RUN', DRIVER.rut, 24) +
      field(270, 192, 'APELLIDOS', DRIVER.surnames, 24) +
      field(270, 252, 'NOMBRES', DRIVER.names, 24) +
      field(270, 312, 'DOMICILIO', DRIVER.address, 24) +
      field(270, 372, 'CLASE', 'B', 24) +
      field(390, 372, 'ÚLTIMO CONTROL', '10 ABR 2024', 24) +
      field(600, 372, 'PRÓXIMO CONTROL', '10 ABR 2030', 24) +
      t(40, 400, 'N° DE LICENCIA', 'l') +
      t(40, 428, '0000123-MUESTRA', 'v') +
      t(40, 470, 'FIRMA', 'l') +
      signature(110, 454, 1.5) +
      t(816, 500, 'RESTRICCIONES: NINGUNA', 'l', 'text-anchor="end"'),
  )
}

function licenciaPosterior() {
  const classes = ['A1', 'A2', 'A3', 'A4', 'A5', 'B', 'C', 'D', 'E', 'F']
  const rows = [['CLASE', 'OTORGADA', 'CLASE', 'OTORGADA']]
  for (let i = 0; i < 5; i++) {
    const [a, b] = [classes[i]!, classes[i + 5]!]
    rows.push([a, '—', b, b === 'B' ? '10 ABR 2024' : '—'])
  }
  return card(
    'licencia_conducir_posterior',
    '#eef4e6',
    '#f6ecdc',
    t(40, 58, 'CLASES Y FECHAS DE OTORGAMIENTO', 'h', 'font-size="22"') +
      `<g transform="translate(40 80)"><rect width="520" height="216" fill="#fff" opacity=".8"/>` +
      table(0, 0, 520, [0, 90, 260, 350], rows, 36).replace(/class="td"/g, 'class="td" font-size="20"') +
      `</g>` +
      stamp(700, 190, 100, 'TIMBRE MUESTRA') +
      field(40, 340, 'OBSERVACIONES', 'SIN OBSERVACIONES', 24) +
      field(40, 400, 'DONANTE', 'NO INFORMA', 24) +
      barcode(40, 450, 776, 56),
  )
}

/** The layout of the half-letter papers: a title band, the fields in two columns, a footer. */
function half(
  slot: DocumentSlotKey,
  title: string,
  issuer: string,
  color: string,
  rows: ReadonlyArray<readonly [string, string]>,
  extra: string,
) {
  const { w, h } = HALF
  const split = Math.ceil(rows.length / 2)
  return sheet({
    size: HALF,
    slot,
    text: [13, 19],
    body:
      `<rect width="${w}" height="92" fill="${color}"/>` +
      t(32, 44, title, '', 'font-size="24" font-weight="700" fill="#fff"') +
      t(32, 72, issuer, '', 'font-size="15" fill="#fff"') +
      fields(32, 128, rows.slice(0, split), 19, 52) +
      fields(300, 128, rows.slice(split), 19, 52) +
      extra +
      `<path d="M32 ${h - 70}h${w - 64}" stroke="#cbd5e0"/>` +
      print(32, h - 50, 560, 2, 16, slot.length),
  })
}

const PLATE_ROWS = [['PLACA PATENTE', PLATE], ...VEHICLE, ['TIPO', 'FURGÓN']] as const

function padronFrontal() {
  return half(
    'padron_vehiculo_frontal',
    'CERTIFICADO DE INSCRIPCIÓN (PADRÓN)',
    'Registro de vehículos motorizados · documento de muestra',
    '#2c5282',
    [
      ...PLATE_ROWS,
      ['N° MOTOR', 'MTR0000000001'],
      ['N° CHASIS', 'CHS00000000000001'],
      ['PROPIETARIO', `${DRIVER.surnames} ${DRIVER.names}`],
      ['RUT', DRIVER.rut],
      ['FECHA DE ADQUISICIÓN', '05 FEB 2023'],
    ],
    qr(640, 120, 140, 3) + t(710, 284, 'FOLIO 000001', 'l', 'text-anchor="middle"'),
  )
}

function padronPosterior() {
  return half(
    'padron_vehiculo_posterior',
    'ANOTACIONES Y TRANSFERENCIAS',
    'Reverso del certificado de inscripción',
    '#2c5282',
    [],
    table(
      32,
      120,
      752,
      [0, 160, 430],
      [
        ['FECHA', 'ACTO', 'OBSERVACIÓN'],
        ['12 JUN 2021', 'PRIMERA INSCRIPCIÓN', 'SIN OBSERVACIONES'],
        ['05 FEB 2023', 'TRANSFERENCIA', `A ${DRIVER.surnames}`],
        ['—', 'PRENDAS Y PROHIBICIONES', 'NO REGISTRA'],
      ],
      34,
    ) +
      print(32, 290, 740, 6, 18, 2) +
      barcode(32, 400, 420, 48),
  )
}

function permisoFrontal() {
  return half(
    'permiso_circulacion_frontal',
    'PERMISO DE CIRCULACIÓN 2026',
    'Municipalidad de Muestra · comprobante de pago',
    '#276749',
    [...PLATE_ROWS, ['VALOR TOTAL', '$ 98.765'], ['FECHA DE PAGO', '28 MAR 2026'], ['VÁLIDO HASTA', '31 MAR 2027']],
    `<rect x="600" y="116" width="184" height="120" rx="10" fill="#c6f6d5" stroke="#276749" stroke-width="3"/>` +
      t(692, 168, 'PAGADO', '', 'font-size="30" font-weight="700" fill="#276749" text-anchor="middle"') +
      t(692, 204, 'CUOTA ÚNICA', 'l', 'text-anchor="middle"') +
      barcode(600, 270, 184, 60),
  )
}

function permisoPosterior() {
  return half(
    'permiso_circulacion_posterior',
    'CONDICIONES DEL PERMISO',
    'Reverso · Municipalidad de Muestra',
    '#276749',
    [],
    `<rect x="32" y="116" width="240" height="150" rx="12" fill="#fefcbf" stroke="#b7791f" stroke-width="3"/>` +
      t(152, 180, PLATE, '', 'font-size="40" font-weight="700" fill="#1a202c" text-anchor="middle"') +
      t(152, 220, 'DISTINTIVO 2026', 'l', 'text-anchor="middle"') +
      t(300, 132, 'Al pagar se acreditó revisión técnica y SOAP vigentes.', 'td') +
      print(300, 160, 470, 6, 18, 3) +
      print(32, 300, 740, 5, 18, 4),
  )
}

function soapFrontal() {
  return half(
    'soap_frontal',
    'SEGURO OBLIGATORIO (SOAP)',
    `Aseguradora Muestra S.A. · RUT ${rut(99999999)}`,
    '#9b2c2c',
    [
      ['PÓLIZA N°', '000123-MUESTRA'],
      ['VIGENCIA', '01 ABR 2026 – 31 MAR 2027'],
      ['PLACA PATENTE', PLATE],
      ['TIPO', 'FURGÓN'],
      ['ASEGURADO', `${DRIVER.names} ${DRIVER.surnames}`],
      ['RUT', DRIVER.rut],
      ['PRIMA', '$ 12.345'],
      ['EMITIDO', '25 MAR 2026'],
    ],
    qr(640, 120, 140, 5) + stamp(710, 380, 56, 'EMITIDO'),
  )
}

function soapPosterior() {
  return half(
    'soap_posterior',
    'COBERTURAS DEL SEGURO',
    'Reverso · Aseguradora Muestra S.A.',
    '#9b2c2c',
    [],
    table(
      32,
      120,
      752,
      [0, 440],
      [
        ['COBERTURA', 'MONTO'],
        ['Muerte', 'UF 300'],
        ['Incapacidad permanente', 'hasta UF 300'],
        ['Gastos médicos y hospitalarios', 'hasta UF 300'],
      ],
      34,
    ) +
      t(32, 296, 'En caso de accidente llama a la aseguradora y guarda este certificado.', 'td') +
      print(32, 324, 740, 5, 18, 5),
  )
}

/** Technical inspection and emissions share a plant and a result box. */
function plantResult(result: string) {
  return (
    `<rect x="600" y="116" width="184" height="100" rx="10" fill="#c6f6d5" stroke="#276749" stroke-width="3"/>` +
    t(692, 162, result, '', 'font-size="28" font-weight="700" fill="#276749" text-anchor="middle"') +
    t(692, 194, 'RESULTADO', 'l', 'text-anchor="middle"') +
    stamp(692, 300, 62, 'PLANTA MUESTRA')
  )
}

const INSPECTION_ROWS = [
  ['PLACA PATENTE', PLATE],
  ...VEHICLE.slice(0, 3),
  ['FECHA DE REVISIÓN', '14 ENE 2026'],
  ['PRÓXIMA REVISIÓN', '14 ENE 2027'],
  ['PLANTA', 'PLANTA REVISORA MUESTRA'],
  ['CERTIFICADO N°', 'RT-000123'],
] as const

function revisionFrontal() {
  return half(
    'revision_tecnica_frontal',
    'CERTIFICADO DE REVISIÓN TÉCNICA',
    'Planta Revisora Muestra · Clase A',
    '#2b6cb0',
    INSPECTION_ROWS,
    plantResult('APROBADO'),
  )
}

function revisionPosterior() {
  const items = ['Luces', 'Frenos', 'Dirección', 'Neumáticos', 'Suspensión', 'Carrocería']
  return half(
    'revision_tecnica_posterior',
    'DETALLE DE LA INSPECCIÓN',
    'Reverso · Planta Revisora Muestra',
    '#2b6cb0',
    [],
    table(
      32,
      120,
      752,
      [0, 380, 560],
      [['ÍTEM', 'RESULTADO', 'NIVEL'], ...items.map((i) => [i, 'Aprobado', 'A'])],
      32,
    ) + print(32, 370, 740, 4, 18, 6),
  )
}

function gasesFrontal() {
  return half(
    'gases_contaminantes_frontal',
    'CERTIFICADO DE EMISIÓN DE CONTAMINANTES',
    'Planta Revisora Muestra · análisis de gases',
    '#4a5568',
    INSPECTION_ROWS.map(([l, v]) => [l, v.replace('RT-', 'GC-')] as const),
    plantResult('APROBADO'),
  )
}

function gasesPosterior() {
  return half(
    'gases_contaminantes_posterior',
    'MEDICIONES',
    'Reverso · análisis de gases',
    '#4a5568',
    [],
    table(
      32,
      120,
      752,
      [0, 260, 440, 600],
      [
        ['MEDICIÓN', 'RESULTADO', 'LÍMITE', 'ESTADO'],
        ['CO ralentí (%)', '0,12', '0,50', 'Aprobado'],
        ['HC ralentí (ppm)', '45', '100', 'Aprobado'],
        ['CO crucero (%)', '0,08', '0,30', 'Aprobado'],
        ['HC crucero (ppm)', '30', '100', 'Aprobado'],
      ],
      34,
    ) + print(32, 330, 740, 5, 18, 7),
  )
}

/** The letter-size certificates: a header, a title, the holder's data, then the body. */
function letter(slot: DocumentSlotKey, issuer: string, title: string, body: string, page = '') {
  const { w, h } = LETTER
  return sheet({
    size: LETTER,
    slot,
    text: [13, 18],
    body:
      `<rect x="56" y="48" width="64" height="64" rx="8" fill="#cbd5e0"/>` +
      t(88, 88, 'M', '', 'font-size="36" font-weight="700" fill="#fff" text-anchor="middle"') +
      t(136, 76, issuer, 'h', 'font-size="18"') +
      t(136, 100, 'Documento de muestra para ejemplo', 'l') +
      t(w - 56, 76, 'FOLIO 000000001', 'l', 'text-anchor="end"') +
      `<path d="M56 132h${w - 112}" stroke="#1a365d" stroke-width="2"/>` +
      t(w / 2, 184, title, 'h', 'font-size="26" text-anchor="middle"') +
      body +
      (page ? t(w - 56, h - 40, page, 'l', 'text-anchor="end"') : ''),
  })
}

const HOLDER = [
  ['NOMBRE', `${DRIVER.names} ${DRIVER.surnames}`],
  ['RUN', DRIVER.rut],
] as const

function antecedentes() {
  return letter(
    'certificado_antecedentes',
    'REGISTRO DE MUESTRA',
    'CERTIFICADO DE ANTECEDENTES',
    t(408, 214, 'PARA FINES ESPECIALES', 'l', 'text-anchor="middle"') +
      fields(56, 270, HOLDER, 18, 56) +
      field(460, 270, 'FECHA DE EMISIÓN', '20 MAR 2026', 18) +
      field(460, 326, 'VÁLIDO POR', '60 DÍAS', 18) +
      t(56, 430, 'La persona individualizada:', 'td', 'font-size="17"') +
      `<rect x="56" y="456" width="704" height="90" rx="6" fill="#f0fff4" stroke="#276749" stroke-width="2"/>` +
      t(
        408,
        512,
        'NO REGISTRA ANTECEDENTES',
        '',
        'font-size="30" font-weight="700" fill="#276749" text-anchor="middle"',
      ) +
      print(56, 600, 700, 8, 20, 1) +
      qr(600, 820, 160, 11) +
      t(56, 860, 'CÓDIGO DE VERIFICACIÓN', 'l') +
      t(56, 888, 'MUES-TRA0-0000-0001', 'v', 'font-size="22"') +
      print(56, 930, 480, 2, 18, 2),
  )
}

const LICENSE_ROWS = [
  ['CLASE', 'OTORGADA', 'MUNICIPALIDAD', 'ESTADO'],
  ['B', '10 ABR 2018', 'MUESTRA', 'VIGENTE'],
]

function hojaVida(page: 1 | 2 = 1) {
  const body =
    page === 1
      ? fields(56, 240, HOLDER, 18, 56) +
        field(460, 240, 'FECHA DE EMISIÓN', '20 MAR 2026', 18) +
        t(56, 380, 'LICENCIAS', 'h', 'font-size="18"') +
        table(56, 396, 704, [0, 120, 330, 560], LICENSE_ROWS, 34) +
        t(56, 510, 'ANOTACIONES', 'h', 'font-size="18"') +
        table(
          56,
          526,
          704,
          [0, 140, 400],
          [
            ['FECHA', 'TRIBUNAL', 'INFRACCIÓN'],
            ['03 MAY 2022', 'JUZGADO DE MUESTRA', 'Estacionar en lugar prohibido (leve)'],
            ['18 NOV 2023', 'JUZGADO DE MUESTRA', 'No respetar señal ceda el paso (grave)'],
          ],
          34,
        ) +
        print(56, 680, 700, 10, 20, 3) +
        t(408, 940, 'Continúa en la página siguiente', 'l', 'text-anchor="middle"')
      : t(56, 240, 'SUSPENSIONES Y CANCELACIONES', 'h', 'font-size="18"') +
        table(
          56,
          256,
          704,
          [0, 240],
          [
            ['FECHA', 'DETALLE'],
            ['—', 'NO REGISTRA'],
          ],
          34,
        ) +
        t(56, 380, 'ACCIDENTES', 'h', 'font-size="18"') +
        table(
          56,
          396,
          704,
          [0, 240],
          [
            ['FECHA', 'DETALLE'],
            ['—', 'NO REGISTRA'],
          ],
          34,
        ) +
        print(56, 500, 700, 8, 20, 4) +
        t(56, 700, 'FIN DEL CERTIFICADO', 'v') +
        qr(600, 760, 160, 13) +
        t(56, 800, 'CÓDIGO DE VERIFICACIÓN', 'l') +
        t(56, 828, 'MUES-TRA0-0000-0002', 'v', 'font-size="22"')
  return letter('hoja_vida_conductor', 'REGISTRO DE MUESTRA', 'HOJA DE VIDA DEL CONDUCTOR', body, `Página ${page} de 2`)
}

function domicilio() {
  const months = [62, 70, 66, 81, 77, 90, 85, 74, 69, 72, 80, 76]
  return letter(
    'comprobante_domicilio',
    'ELÉCTRICA MUESTRA S.A.',
    'BOLETA DE SERVICIO ELÉCTRICO',
    fields(56, 240, [...HOLDER, ['DIRECCIÓN DE SUMINISTRO', DRIVER.address]], 18, 56) +
      field(500, 240, 'N° DE CLIENTE', '0001234-5', 18) +
      field(500, 296, 'PERÍODO', 'FEB 2026', 18) +
      `<rect x="500" y="340" width="260" height="70" rx="6" fill="#ebf8ff" stroke="#2b6cb0"/>` +
      t(516, 366, 'TOTAL A PAGAR', 'l') +
      t(516, 398, '$ 23.456', 'v', 'font-size="26"') +
      t(56, 470, 'CONSUMO DE LOS ÚLTIMOS 12 MESES (kWh)', 'h', 'font-size="16"') +
      `<path d="${months.map((m, i) => `M${76 + i * 56} 680v-${m * 2}`).join('')}" stroke="#4299e1" ` +
      'stroke-width="32"/><path d="M56 680h704" stroke="#4a5568"/>' +
      table(
        56,
        720,
        704,
        [0, 520],
        [
          ['DETALLE', 'MONTO'],
          ['Cargo fijo', '$ 1.234'],
          ['Energía consumida (76 kWh)', '$ 20.987'],
          ['Otros cargos', '$ 1.235'],
        ],
        32,
      ) +
      t(56, 900, 'VENCIMIENTO 15 MAR 2026', 'v') +
      barcode(56, 920, 440, 50),
  )
}

function autorizacion() {
  return letter(
    'autorizacion_dueno_vehiculo',
    'AUTORIZACIÓN SIMPLE',
    'AUTORIZACIÓN DE USO DE VEHÍCULO',
    t(56, 250, `Yo, ${OWNER.name}, RUT ${OWNER.rut}, dueño del vehículo placa patente`, 'td', 'font-size="17"') +
      t(
        56,
        278,
        `${PLATE}, autorizo a ${DRIVER.names} ${DRIVER.surnames}, RUT ${DRIVER.rut},`,
        'td',
        'font-size="17"',
      ) +
      t(56, 306, 'a conducirlo para prestar servicios de transporte y reparto.', 'td', 'font-size="17"') +
      print(56, 350, 700, 6, 22, 5) +
      t(56, 510, 'VEHÍCULO', 'h', 'font-size="18"') +
      fields(56, 540, VEHICLE.slice(0, 2), 18, 56) +
      fields(400, 540, VEHICLE.slice(2), 18, 56) +
      t(56, 700, 'Santiago, 2 de marzo de 2026.', 'td', 'font-size="17"') +
      signature(110, 800, 2) +
      signature(520, 790, 1.8) +
      `<path d="M56 860h300M460 860h300" stroke="#4a5568"/>` +
      t(206, 884, 'Firma del dueño', 'l', 'text-anchor="middle"') +
      t(610, 884, 'Firma del conductor', 'l', 'text-anchor="middle"'),
  )
}

/** The vehicle photos: a plain drawn van on a street, from each side (its front to the right of its right side). */
function photo(slot: DocumentSlotKey, van: string) {
  const { w, h } = PHOTO
  return sheet({
    size: PHOTO,
    slot,
    text: [14, 20],
    bg: '#cfe3f3',
    body:
      `<rect y="420" width="${w}" height="${h - 420}" fill="#a0a7b0"/><path d="M0 420h${w}" stroke="#718096" ` +
      'stroke-width="4"/>' +
      van,
  })
}

const plate = (x: number, y: number) =>
  `<rect x="${x}" y="${y}" width="150" height="44" rx="5" fill="#fff" stroke="#1a202c" stroke-width="3"/>` +
  t(x + 75, y + 33, PLATE, '', 'font-size="30" font-weight="700" fill="#1a202c" text-anchor="middle"')

const WHEELS_FRONT =
  '<g fill="#1a202c"><rect x="232" y="440" width="64" height="70" rx="10"/>' +
  '<rect x="504" y="440" width="64" height="70" rx="10"/></g>'

function vanFront() {
  return (
    WHEELS_FRONT +
    `<path d="M220 450V230q0-70 60-90h240q60 20 60 90v220z" fill="#f7fafc" stroke="#4a5568" stroke-width="3"/>` +
    `<path d="M262 250l30-90h216l30 90z" fill="#90a4b8"/>` +
    `<rect x="300" y="330" width="200" height="50" rx="6" fill="#2d3748"/>` +
    `<g fill="#fefcbf" stroke="#4a5568" stroke-width="2"><rect x="236" y="300" width="60" height="34" rx="8"/>` +
    `<rect x="504" y="300" width="60" height="34" rx="8"/></g>` +
    `<path d="M220 230h-24v40h24M580 230h24v40h-24" fill="#2d3748"/>` +
    plate(325, 392)
  )
}

function vanRear() {
  return (
    WHEELS_FRONT +
    `<rect x="220" y="120" width="360" height="330" rx="26" fill="#f7fafc" stroke="#4a5568" stroke-width="3"/>` +
    `<path d="M400 130v300" stroke="#4a5568" stroke-width="3"/>` +
    `<g fill="#90a4b8"><rect x="250" y="150" width="130" height="90" rx="6"/>` +
    `<rect x="420" y="150" width="130" height="90" rx="6"/></g>` +
    `<g fill="#e53e3e"><rect x="226" y="260" width="20" height="90" rx="4"/>` +
    `<rect x="554" y="260" width="20" height="90" rx="4"/></g>` +
    `<rect x="210" y="420" width="380" height="26" rx="6" fill="#2d3748"/>` +
    plate(325, 360)
  )
}

function vanSide(mirror: boolean) {
  const body =
    `<path d="M90 440V250q0-40 40-50l120-20 60-60h380q30 0 30 30v290z" fill="#f7fafc" stroke="#4a5568" ` +
    'stroke-width="3"/><path d="M262 200l54-64h82v64z" fill="#90a4b8"/>' +
    `<path d="M410 140v290M560 140v290M320 210v220" stroke="#4a5568" stroke-width="2"/>` +
    `<rect x="96" y="320" width="40" height="24" rx="6" fill="#fefcbf"/>` +
    `<g fill="#1a202c"><circle cx="220" cy="440" r="52"/><circle cx="600" cy="440" r="52"/></g>` +
    `<g fill="#a0aec0"><circle cx="220" cy="440" r="22"/><circle cx="600" cy="440" r="22"/></g>`
  return mirror ? `<g transform="matrix(-1 0 0 1 800 0)">${body}</g>` : body
}

function vanInterior() {
  return (
    `<rect width="800" height="600" fill="#4a5568"/>` +
    `<path d="M0 0h800L600 150H200z" fill="#718096"/><path d="M0 600h800L600 420H200z" fill="#a0aec0"/>` +
    `<path d="M0 0l200 150v270L0 600zM800 0L600 150v270l200 180z" fill="#cbd5e0"/>` +
    `<rect x="200" y="150" width="400" height="270" fill="#e2e8f0"/>` +
    `<path d="M40 30v540M100 75v450M150 112v375M760 30v540M700 75v450M650 112v375" stroke="#718096" ` +
    'stroke-width="6"/><path d="M0 320l200-10M800 320l-200-10" stroke="#2d3748" stroke-width="8"/>' +
    `<path d="M260 420l-40 180M540 420l40 180" stroke="#718096" stroke-width="4"/>`
  )
}

const DRAWINGS: Record<DocumentSlotKey, () => string> = {
  cedula_identidad_frontal: cedulaFrontal,
  cedula_identidad_posterior: cedulaPosterior,
  certificado_antecedentes: antecedentes,
  gases_contaminantes_frontal: gasesFrontal,
  gases_contaminantes_posterior: gasesPosterior,
  comprobante_domicilio: domicilio,
  hoja_vida_conductor: () => hojaVida(1),
  licencia_conducir_frontal: licenciaFrontal,
  licencia_conducir_posterior: licenciaPosterior,
  padron_vehiculo_frontal: padronFrontal,
  padron_vehiculo_posterior: padronPosterior,
  permiso_circulacion_frontal: permisoFrontal,
  permiso_circulacion_posterior: permisoPosterior,
  revision_tecnica_frontal: revisionFrontal,
  revision_tecnica_posterior: revisionPosterior,
  soap_frontal: soapFrontal,
  soap_posterior: soapPosterior,
  autorizacion_dueno_vehiculo: autorizacion,
  vehiculo_frontal: () => photo('vehiculo_frontal', vanFront()),
  vehiculo_posterior: () => photo('vehiculo_posterior', vanRear()),
  vehiculo_lateral_derecho: () => photo('vehiculo_lateral_derecho', vanSide(true)),
  vehiculo_lateral_izquierdo: () => photo('vehiculo_lateral_izquierdo', vanSide(false)),
  furgon_interior_general: () => photo('furgon_interior_general', vanInterior()),
}

/** The specimen drawing of a slot (SVG source). */
export function specimenSvg(slot: DocumentSlotKey): string {
  return DRAWINGS[slot]()
}

/** Each text of a holder as the drawings print it, longest first (a full name before its parts). */
function holderTexts(h: Holder): string[] {
  return [
    `${h.names} ${h.surnames}`,
    `${h.surnames} ${h.names}`,
    mrzNumber(h),
    mrzName(h),
    h.address,
    h.surnames,
    h.names,
    h.rut,
  ].map(esc)
}

/**
 * The pages of a slot's specimen (the driver's record of offences runs to two), showing `holder`
 * instead of the invented person: the demo driver's photos agree with the demo driver's profile.
 */
export function specimenPages(slot: DocumentSlotKey, holder: Holder = DRIVER): string[] {
  const pages = slot === 'hoja_vida_conductor' ? [hojaVida(1), hojaVida(2)] : [specimenSvg(slot)]
  const from = holderTexts(DRIVER)
  const to = holderTexts(holder)
  return pages.map((svg) => from.reduce((out, text, i) => out.split(text).join(to[i]!), svg))
}
