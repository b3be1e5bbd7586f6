import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Prints, after the run, the outcome of every test (counting a retried pass as flaky) and the
 * slowest tests, so a CI log shows at a glance what is close to its timeout.
 */
export default class SummaryReporter implements Reporter {
  private readonly tests = new Map<TestCase, TestResult[]>()

  onTestEnd(test: TestCase, result: TestResult) {
    const results = this.tests.get(test) ?? []
    results.push(result)
    this.tests.set(test, results)
  }

  onEnd(result: FullResult) {
    const counts = { passed: 0, flaky: 0, failed: 0, skipped: 0 }
    const timings: Array<{ name: string; ms: number; timeout: number }> = []
    for (const [test, results] of this.tests) {
      const outcome = test.outcome()
      if (outcome === 'expected') counts.passed++
      else if (outcome === 'flaky') counts.flaky++
      else if (outcome === 'unexpected') counts.failed++
      else counts.skipped++
      for (const r of results) {
        if (r.status === 'skipped') continue
        const project = test.parent.project()?.name ?? ''
        timings.push({
          name: `[${project}] ${test.location.file.split(/[\\/]/).pop()}:${test.location.line} ${test.title}`,
          ms: r.duration,
          timeout: test.timeout,
        })
      }
    }
    timings.sort((a, b) => b.ms - a.ms)
    const lines = [
      '',
      `Playwright summary: ${counts.passed} passed, ${counts.flaky} flaky, ${counts.failed} ` +
        `failed, ${counts.skipped} skipped (${result.status}, ${(result.duration / 1000).toFixed(0)} ` +
        `s)`,
      'Slowest tests (duration / timeout):',
      ...timings
        .slice(0, 10)
        .map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s / ${(t.timeout / 1000).toFixed(0)} s  ${t.name}`),
      '',
    ]
    console.log(lines.join('\n'))
  }

  printsToStdio() {
    return true
  }
}
