/**
 * The server's background jobs, in one place: which exist, and which service a process must run
 * for each to start there (a split deployment runs a job where its service lives).
 */
import type { ServiceName } from './app'
import { startBackups } from './platform/backup'
import type { PeriodicJob } from './platform/periodic'
import type { Platform } from './platform/platform'
import { startExportJob } from './shared/my-data'
import { startRetention } from './shared/retention'
import { startAccountClosure } from './users/account-closure'
import { startExpiryReminders } from './users/document-reminders'

interface JobDeclaration {
  name: string
  /** The job starts in a process that runs any of these services. */
  services: ServiceName[]
  start: (p: Platform, log: (line: string) => void) => PeriodicJob
}

export const JOBS: JobDeclaration[] = [
  // Documents about to expire: hourly, one reminder each.
  { name: 'reminders', services: ['users'], start: (p, log) => startExpiryReminders(p, { log }) },
  // «Descargar mis datos» too large to prepare within the request: every minute.
  { name: 'exports', services: ['users', 'business'], start: (p, log) => startExportJob(p, { log }) },
  // Deletions due and inactive accounts (decision 76): hourly.
  { name: 'account-closure', services: ['users'], start: (p, log) => startAccountClosure(p, { log }) },
  // The retention periods of domain/privacy.ts (decision 79): hourly.
  { name: 'retention', services: ['users'], start: (p, log) => startRetention(p, { log }) },
  // The embedded default's backup into BACKUP_DIR, 7 daily and 4 weekly kept (decision 82): checked hourly.
  { name: 'backup', services: ['users'], start: (p, log) => startBackups(p, p.config, { log }) },
]

/**
 * Starts the jobs this process runs (`only`: the services it serves; undefined: all of them).
 * stop() ends them all after their runs in progress.
 */
export function startJobs(p: Platform, only: ServiceName[] | undefined, log: (component: string, line: string) => void): { stop(): Promise<void> } {
  const started = JOBS.filter((job) => !only || job.services.some((s) => only.includes(s))).map((job) => job.start(p, (line) => log(job.name, line)))
  return {
    async stop() {
      await Promise.all(started.map((job) => job.stop()))
    },
  }
}
