/** The product's own content, seeded when missing and edited later from the console. */
export const FAQS: Array<{ question: string; answers: string[] }> = [
  {
    question: '¿Qué es Fleeters?',
    answers: [
      'Fleeters es una plataforma que conecta a conductores independientes de última ' +
        'milla con empresas que necesitan mover su carga.',
      'Los conductores, a quienes llamamos Fleeters, eligen las rutas que les acomodan ' +
        'y las empresas encuentran conductores validados.',
    ],
  },
  {
    question: '¿Qué requisitos necesito para ser Fleeter?',
    answers: [
      'Ser mayor de 18 años, tener licencia de conducir chilena vigente e iniciación de actividades ante el SII.',
      'Si eres extranjero, necesitas visa definitiva.',
    ],
  },
  {
    question: '¿Qué vehículos son aceptados?',
    answers: ['Bicicleta, moto, auto, furgón (de 700 a 1.500 kg) y camión (de 1.500 a 16.000 kg).'],
  },
  {
    question: '¿Cuándo y cómo me pagan?',
    answers: [
      'Recibes tu pago dentro de 48 horas después de enviar tu producción y emitir tu ' +
        'boleta de honorarios (persona natural) o factura (empresa).',
      'El pago se realiza por transferencia a la cuenta bancaria que registres en tu panel.',
    ],
  },
  {
    question: '¿En qué horarios puedo trabajar?',
    answers: [
      'Trabajamos en turnos AM (mañanas) y PM (tardes). Las rutas son ' +
        'micro-sectorizadas, normalmente dentro de una misma comuna.',
    ],
  },
  {
    question: '¿En qué zonas opera Fleeters?',
    answers: ['Hoy operamos en la Región Metropolitana y tenemos planificada la expansión a otras regiones del país.'],
  },
  {
    question: '¿Qué documentos debo subir?',
    answers: [
      'Debes subir 22 documentos: cédula de identidad, certificado de antecedentes, ' +
        'licencia de conducir, hoja de vida del conductor, comprobante de domicilio y los ' +
        'documentos y fotos de tu vehículo.',
      'Si conduces un vehículo de otra persona, necesitas la autorización del dueño: ' +
        'puedes crear un poder simple desde tu panel.',
    ],
  },
  {
    question: '¿Tiene algún costo crear una cuenta?',
    answers: ['No. Crear y mantener tu cuenta en Fleeters es gratuito.'],
  },
]

export const STATISTICS = [
  {
    key: 'orders',
    title: 'Pedidos entregados',
    value: '200000',
    description: 'Pedidos entregados por nuestra red de conductores.',
  },
  {
    key: 'drivers',
    title: 'Fleeters validados',
    value: '839',
    description: 'Conductores con sus documentos revisados y aprobados.',
  },
  {
    key: 'claims',
    title: 'Tasa de reclamos',
    value: '0.4%',
    description: 'De los pedidos entregados terminan en un reclamo.',
  },
  {
    key: 'satisfaction',
    title: 'Satisfacción de clientes',
    value: '98%',
    description: 'De nuestros clientes califica el servicio como bueno o excelente.',
  },
]

export const TESTIMONIALS = [
  {
    name: 'Carolina Muñoz',
    job_title: 'Jefa de operaciones',
    name_business: 'Despachos Andes',
    comment:
      'Con Fleeters cubrimos los peaks de fin de mes sin contratar flota propia. Los ' +
      'conductores llegan con sus documentos al día.',
    logo_business: '/images/partners/andes.svg',
  },
  {
    name: 'Jorge Fuentes',
    job_title: 'Conductor Fleeter',
    name_business: 'Independiente',
    comment: 'Elijo el turno de la mañana y reparto en mi comuna. Me pagan rápido y sin complicaciones.',
    logo_business: null,
  },
  {
    name: 'Valentina Rojas',
    job_title: 'Gerenta de logística',
    name_business: 'Mercado Sur',
    comment: 'Publicamos una ruta y en pocas horas teníamos conductores validados postulando.',
    logo_business: '/images/partners/mercado-sur.svg',
  },
]

export const PARTNER_LOGOS = [
  { name: 'Despachos Andes', img_logo: '/images/partners/andes.svg' },
  { name: 'Mercado Sur', img_logo: '/images/partners/mercado-sur.svg' },
  { name: 'Rápido Express', img_logo: '/images/partners/rapido.svg' },
  { name: 'Farmacia Central', img_logo: '/images/partners/farmacia.svg' },
  { name: 'Hogar Plus', img_logo: '/images/partners/hogar.svg' },
  { name: 'TecnoChile', img_logo: '/images/partners/tecno.svg' },
]
