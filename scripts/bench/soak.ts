/**
 * `npm run bench:soak [-- MINUTES]`: the production build on the Node running this script, on a
 * fresh embedded database with the demo: serves `/`, logs the demo driver in, opens the driver
 * home, uploads a document through the home's own form, then puts the bench's page load on it
 * (8 connections, `/`, the driver home and postings list in
 * turn, 30 s each) for MINUTES (10 by default). Exits 1 when a step fails, a request is answered
 * with anything but 200, or the server process is gone at the end. For a new Node line or a new
 * native dependency: `source scripts/use-node.sh 26 && npm run build && npm run bench:soak`.
 */
import sharp from 'sharp'
import { driverCookie, loadAverage, rssMb, startProduct, throughput } from './servers'

const minutes = Number(process.argv[2] ?? 10)
const server = await startProduct({ buildDir: 'build', env: { LOG_LEVEL: 'warn' } })
const failures: string[] = []
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(what)
}
try {
  console.log(`node ${process.version} · ${server.url} · load average ${loadAverage()}`)
  check((await fetch(`${server.url}/`)).status === 200, 'GET /')
  const cookie = await driverCookie(server.url)
  const home = await fetch(`${server.url}/user/dashboard/home`, { headers: { cookie } })
  check(home.status === 200 && (await home.text()).includes('Camila'), 'the demo driver logs in and opens the home')
  // A photo of the vehicle's registration (a slot without an expiry date), as the home's form sends it.
  const slot = 'padron_vehiculo_posterior'
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 210, g: 190, b: 170 } },
  })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.set('name', slot)
  form.set(slot, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'padron.jpg')
  const upload = await fetch(`${server.url}/user/dashboard/home?name=${slot}`, {
    method: 'POST',
    body: form,
    headers: { cookie },
    redirect: 'manual',
  })
  check(
    upload.status === 302 && upload.headers.get('location') === '/user/dashboard/home',
    'a document uploaded through the home',
  )

  const targets: Array<{ name: string; path: string; headers: Record<string, string> }> = [
    { name: '/', path: '/', headers: {} },
    { name: 'driver home', path: '/user/dashboard/home', headers: { cookie } },
    { name: 'driver postings', path: '/user/dashboard/job-postings', headers: { cookie } },
  ]
  const end = Date.now() + minutes * 60_000
  let answered = 0
  let other = 0
  let peak = 0
  for (let i = 0; Date.now() < end; i++) {
    const t = targets[i % targets.length]!
    const r = await throughput(
      `${server.url}${t.path}`,
      8,
      Math.min(30_000, Math.max(1000, end - Date.now())),
      t.headers,
    )
    answered += r.count
    other += r.errors
    peak = Math.max(peak, rssMb(server.pid))
    console.log(
      `  ${t.name.padEnd(16)} ${r.rps.toFixed(0).padStart(4)} req/s · ${r.errors} not ` +
        `200 · RSS ${rssMb(server.pid).toFixed(0)} MB · load ${loadAverage()}`,
    )
  }
  let alive = true
  try {
    process.kill(server.pid, 0)
  } catch {
    alive = false
  }
  check(
    alive && other === 0,
    `${minutes} min of load: ${answered} requests answered 200, ${other} otherwise, ` +
      `peak RSS ${peak.toFixed(0)} MB, server alive`,
  )
} finally {
  await server.stop()
}
process.exit(failures.length ? 1 : 0)
