/**
 * A bare React Router page (no loader, no layout), built only when BENCH_ROUTES=1: the
 * benchmark's yardstick for what the home page costs on top of React Router itself.
 */
export default function Bare() {
  return (
    <main>
      <h1>Fleeters</h1>
    </main>
  )
}
