import net from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A free loopback port (for servers a test starts later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

/** A real SMTP server on loopback that keeps what it receives; `delay.ms` holds its final answer. */
export async function startSmtp(port: number, delay: { ms: number } = { ms: 0 }) {
  const received: Array<{ to: string[]; raw: string }> = []
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
        // A slow server: the message is taken, the 250 comes late (or after the client left).
        if (delay.ms) setTimeout(() => callback(), delay.ms)
        else callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
