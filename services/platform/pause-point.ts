/**
 * Named points where a test can stop the process to kill it there: with
 * `FLEETERS_PAUSE_AT=<name>` the process writes `paused at <name>` to stderr when it reaches that
 * point and waits there until it is killed. The crash tests use it to kill a start in the middle
 * of a migration or of the demo seed, at the moment of their choosing, and check that the next
 * start recovers. Unset (always, outside those tests) it costs one comparison.
 */
export async function pausePoint(name: string): Promise<void> {
  if (process.env.FLEETERS_PAUSE_AT !== name) return
  process.stderr.write(`paused at ${name}\n`)
  // A pending promise alone would let the event loop empty and the process exit: a timer keeps it.
  await new Promise<never>(() => setInterval(() => {}, 60_000))
}
