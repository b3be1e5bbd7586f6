/**
 * What one warm page allocates on the server's JavaScript heap, by where it is allocated: the
 * production server is started with the inspector on a loopback port, V8's sampling heap profiler
 * runs over `--requests` requests of the page (4 at a time) and counts every sampled object,
 * the ones garbage collection has already freed included (what a `--heap-prof` file at exit would
 * leave out). Prints the KB per request of the functions that allocate most, each with its commonest callers.
 * The memory budget (docs/deploy.md § Memory) is met or missed by this garbage: the more a request
 * allocates, the more of it is still held when a collection comes and the higher the heap grows.
 * ArrayBuffers' contents (React's 2 KB pieces, the joined and compressed document) are outside
 * the heap and not counted here.
 *
 *   npx tsx scripts/bench/allocations.ts [--page=/user/dashboard/home] [--requests=300] [--build=build-bench]
 *
 * Needs a production build in `--build` (`BUILD_DIR=build-bench npx react-router build`).
 */
import { arg } from './args'
import { frameName } from './profile'
import { driverCookie, freePort, loadAverage, requests, startProduct } from './servers'

const PAGE = arg('page') ?? '/user/dashboard/home'
const REQUESTS = Number(arg('requests') ?? 300)
const TOP = 25

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number }
  selfSize: number
  children: SamplingNode[]
}

/** A Chrome DevTools Protocol session over the inspector's WebSocket. */
async function devtools(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string
  }>
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true })
    ws.addEventListener('error', reject, { once: true })
  })
  let lastId = 0
  const waiting = new Map<number, (result: unknown) => void>()
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown }
    if (message.id !== undefined) waiting.get(message.id)?.(message.result)
  })
  return {
    send<T>(method: string, params: object = {}): Promise<T> {
      const id = ++lastId
      return new Promise<T>((resolve) => {
        waiting.set(id, (result) => resolve(result as T))
        ws.send(JSON.stringify({ id, method, params }))
      })
    },
    close: () => ws.close(),
  }
}

/** Bytes allocated by each function itself, and by which chain of its callers. */
function bySite(head: SamplingNode) {
  const sites = new Map<string, { bytes: number; callers: Map<string, number> }>()
  let total = 0
  const walk = (node: SamplingNode, stack: string[]) => {
    const name = frameName(node.callFrame)
    if (node.selfSize) {
      total += node.selfSize
      const site = sites.get(name) ?? { bytes: 0, callers: new Map<string, number>() }
      site.bytes += node.selfSize
      const chain = stack.slice(-3).reverse().join(' < ')
      site.callers.set(chain, (site.callers.get(chain) ?? 0) + node.selfSize)
      sites.set(name, site)
    }
    for (const child of node.children) walk(child, [...stack, name])
  }
  walk(head, [])
  return { total, sites: [...sites.entries()].sort((a, b) => b[1].bytes - a[1].bytes) }
}

async function main() {
  const port = await freePort()
  const server = await startProduct({ nodeArgs: [`--inspect=127.0.0.1:${port}`], buildDir: arg('build') })
  try {
    const headers: Record<string, string> = PAGE.startsWith('/user/') ? { cookie: await driverCookie(server.url) } : {}
    await requests(`${server.url}${PAGE}`, 100, 4, headers)
    const session = await devtools(port)
    await session.send('HeapProfiler.enable')
    await session.send('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    })
    const failed = await requests(`${server.url}${PAGE}`, REQUESTS, 4, headers)
    const { profile } = await session.send<{ profile: { head: SamplingNode } }>('HeapProfiler.stopSampling')
    session.close()
    if (failed) throw new Error(`${failed} of ${REQUESTS} requests to ${PAGE} did not answer 200`)
    const kb = (bytes: number) => (bytes / 1024 / REQUESTS).toFixed(1).padStart(7)
    const { total, sites } = bySite(profile.head)
    console.log(
      `${PAGE}: ${kb(total).trim()} KB of heap allocated per request over ${REQUESTS} (load average ${loadAverage()})`,
    )
    for (const [name, site] of sites.slice(0, TOP)) {
      console.log(`${kb(site.bytes)} KB  ${name}`)
      const [chain] = [...site.callers.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['']
      if (chain) console.log(`             < ${chain}`)
    }
  } finally {
    await server.stop()
  }
}

await main()
