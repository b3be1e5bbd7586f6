/** The console's «Tareas programadas» (decision 81): which job «Ejecutar ahora» names. */
import * as z from './zod'

/** A job's name as services/jobs.ts declares them: lowercase words joined by hyphens. */
export const JOB_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const jobNameParams = z.object({ name: z.string().check(z.maxLength(60), z.regex(JOB_NAME)) })

export const SCHEDULER_MESSAGES = {
  requested: 'Listo: la tarea se ejecutará en los próximos segundos.',
  running: 'La tarea ya se está ejecutando. Revisa su resultado en un momento.',
  notFound: 'Tarea no encontrada.',
  notStarted: 'Esta tarea aún no se ha iniciado en ningún servidor.',
} as const
