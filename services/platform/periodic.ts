/** How a background job of the server (reminders, exports, deletions, retention) is run. */
export interface PeriodicOptions {
  /** Between two runs. */
  intervalMs?: number
  /** The time each run is given (tests inject theirs). */
  clock?: () => Date
  log?: (line: string) => void
}

export interface PeriodicJob {
  /** Stops the timers and waits for the run in progress. */
  stop(): Promise<void>
}

/**
 * Runs `run(now)` once `firstAfterMs` after the start (null: not before the first interval) and
 * then every `intervalMs`, one run at a time in this process: a run still going when the next is
 * due makes that one skip. A run that throws is logged and the next one tries again; `summary`
 * turns a result worth logging into a line (null: nothing to say). The timers never keep the
 * process alive. Two processes may run the same job at once: each job makes that safe itself.
 */
export function startPeriodic<T>(
  name: string,
  run: (now: Date) => Promise<T>,
  summary: (result: T) => string | null,
  opts: PeriodicOptions & { clock: () => Date; intervalMs: number; firstAfterMs: number | null },
): PeriodicJob {
  let running: Promise<unknown> | undefined
  const tick = () => {
    if (running) return
    running = run(opts.clock())
      .then((result) => {
        const line = summary(result)
        if (line) opts.log?.(`${name}: ${line}`)
      })
      .catch((error) => opts.log?.(`${name} failed: ${String(error)}`))
      .finally(() => {
        running = undefined
      })
  }
  const first = opts.firstAfterMs === null ? undefined : setTimeout(tick, opts.firstAfterMs)
  first?.unref()
  const timer = setInterval(tick, opts.intervalMs)
  timer.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
