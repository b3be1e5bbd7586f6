/**
 * The server's periodic jobs, in one place (decision 81): which exist, when each runs, and which
 * service a process must run for the job to be checked there (a split deployment runs a job
 * where its service lives). The scheduler (services/platform/scheduler.ts) runs each once per
 * period across every process; jobsState() says how each went.
 */
import { dailyAt, every, HOUR_MS, MINUTE_MS, type Schedule } from '#domain/schedule'
import type { ServiceName } from './app'
import { dailyBackup } from './platform/backup'
import type { Platform } from './platform/platform'
import { schedulerState, startScheduler } from './platform/scheduler'
import type { JobState, Scheduler, SchedulerOptions } from './platform/scheduler'
import { describeExportRun, prepareExports } from './shared/my-data'
import { describeRetentionRun, runRetention } from './shared/retention'
import { refreshApplicantDocuments } from './shared/validated-drivers'
import { describeClosureRun, runAccountClosure } from './users/account-closure'
import { describeReminderRun, sendExpiryReminders } from './users/document-reminders'
import { describeTeamSummaryRun, sendTeamSummary } from './users/team-summary'

export interface JobDeclaration {
  /** The job's key in `scheduled_jobs` and the logs; never renamed (its record would start over). */
  name: string
  /** What the console calls it. */
  title: string
  /** `every(ms)`, or `dailyAt('03:30')` (Chile's time). */
  schedule: Schedule
  /** The job is checked in a process that runs any of these services. */
  services: ServiceName[]
  /** The first run on a database that never ran it (default: one interval after the start). */
  firstAfterMs?: number
  /** The whole job; its line for the logs, or null. */
  run: (p: Platform, now: Date) => Promise<string | null>
}

export const JOBS: JobDeclaration[] = [
  // Documents about to expire, one reminder each; and the applicants' order by documents brought to
  // the day for the documents that expired (decision 113).
  {
    name: 'reminders',
    title: 'Recordatorios de vencimiento',
    schedule: every(HOUR_MS),
    services: ['users'],
    firstAfterMs: 5_000,
    run: async (p, now) => {
      await refreshApplicantDocuments(p.db, now)
      return describeReminderRun(await sendExpiryReminders(p, now))
    },
  },
  // «Descargar mis datos» too large to prepare within the request.
  {
    name: 'exports',
    title: 'Exportaciones de «Mis datos»',
    schedule: every(MINUTE_MS),
    services: ['users', 'business'],
    run: async (p, now) => describeExportRun(await prepareExports(p, now)),
  },
  // Deletions due and inactive accounts (decision 76).
  {
    name: 'account-closure',
    title: 'Cierre de cuentas',
    schedule: every(HOUR_MS),
    services: ['users'],
    firstAfterMs: 7_000,
    run: async (p, now) => describeClosureRun(await runAccountClosure(p, now)),
  },
  // The retention periods of domain/privacy.ts (decision 79).
  {
    name: 'retention',
    title: 'Plazos de conservación',
    schedule: every(HOUR_MS),
    services: ['users'],
    firstAfterMs: 30_000,
    run: async (p, now) => describeRetentionRun(await runRetention(p, now)),
  },
  // The embedded default's backup into BACKUP_DIR at night, 7 daily and 4 weekly kept (decision 82); a server
  // that was down at that hour makes it at its next start (the run is overdue).
  {
    name: 'backup',
    title: 'Copia de seguridad diaria',
    schedule: dailyAt('04:00'),
    services: ['users'],
    run: (p, now) => dailyBackup(p, p.config, now),
  },
  // Yesterday's review figures to every administrador, once a day (decision 92); a server that was
  // down at that hour sends it at its next start.
  {
    name: 'team-summary',
    title: 'Resumen diario del equipo',
    schedule: dailyAt('08:00'),
    services: ['users'],
    run: async (p, now) => describeTeamSummaryRun(await sendTeamSummary(p, now)),
  },
]

/** A declared job by its name. */
export function findJob(name: string): JobDeclaration | undefined {
  return JOBS.find((job) => job.name === name)
}

/** A job's log line, under the job's name. */
type JobLog = (component: string, line: string) => void
/** The scheduler's settings a test may change (its clock, no timers…). */
type JobOptions = Omit<SchedulerOptions, 'log'>

/**
 * Starts checking the jobs this process runs (`only`: the services it serves; undefined: all of
 * them). stop() ends the checks after the runs in progress; tick() checks every job now (tests).
 */
export function startJobs(p: Platform, only: ServiceName[] | undefined, log: JobLog, opts: JobOptions = {}): Scheduler {
  const mine = JOBS.filter((job) => !only || job.services.some((s) => only.includes(s)))
  const jobs = mine.map((job) => ({ ...job, run: (now: Date) => job.run(p, now) }))
  return startScheduler(p.db, jobs, { clock: () => p.now(), ...opts, log })
}

/**
 * One row per declared job: its schedule, last run (start, end, duration, outcome, error), last
 * success, next run and failures in a row. The console shows it; metrics read it too, e.g.
 * `consecutive_failures` and the seconds since `last_success_at` per job.
 */
export async function jobsState(p: Platform): Promise<Array<JobState & { title: string }>> {
  const state = await schedulerState(p.db, JOBS, p.now())
  return state.map((row, i) => ({ ...row, title: JOBS[i]!.title }))
}
