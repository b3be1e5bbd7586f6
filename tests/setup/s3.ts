import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export const TEST_BUCKET = 'fleeters-test'

/**
 * A real S3-protocol server (s3rver) on a free local port for the whole test run, with one
 * bucket: the storage suite and the multi-process tests run their S3 side against it. Its
 * address reaches the test files as TEST_S3_ENDPOINT.
 */
export async function startS3Server(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

export default async function setup() {
  // The SDK pinned in package.json supports this Node; its notice about future versions is for
  // operators (docs/deploy.md), not for every test worker's output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  const s3 = await startS3Server()
  process.env.TEST_S3_ENDPOINT = s3.endpoint
  process.env.TEST_S3_BUCKET = TEST_BUCKET
  return () => s3.close()
}
