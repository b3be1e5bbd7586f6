import { ListObjectsV2Command, ListObjectVersionsCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import type { Config } from './config'
import { KEY_PATTERN } from './files'

/** One object of the bucket as a backup lists it (backup.ts). */
export interface BucketObject {
  key: string
  size: number
  etag: string
  /** The current version's id; null where the bucket keeps no versions (or the store lists none). */
  versionId: string | null
  lastModified: string | null
}

function client(config: Config): S3Client {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config
  return new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    maxAttempts: 3,
  })
}

/**
 * The bucket's current objects with their versions (ListObjectVersions, the latest of each key),
 * or with ETags only on a store that does not implement version listing (some self-hosted ones):
 * a restore compares the ETags either way. Only the product's keys (files.ts KEY_PATTERN).
 */
export async function* listBucketObjects(config: Config): AsyncGenerator<BucketObject> {
  const s3 = client(config)
  const Bucket = config.S3_BUCKET!
  try {
    let KeyMarker: string | undefined
    let VersionIdMarker: string | undefined
    let versioned = true
    do {
      let page
      try {
        page = await s3.send(new ListObjectVersionsCommand({ Bucket, KeyMarker, VersionIdMarker }))
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined
        const unsupported = status === 501 || status === 405 || (error as Error).name === 'NotImplemented'
        if (KeyMarker === undefined && unsupported) {
          versioned = false
          break
        }
        throw error
      }
      for (const v of page.Versions ?? []) {
        if (!v.IsLatest || !v.Key || !KEY_PATTERN.test(v.Key)) continue
        const versionId = v.VersionId && v.VersionId !== 'null' ? v.VersionId : null
        const lastModified = v.LastModified?.toISOString() ?? null
        yield { key: v.Key, size: v.Size ?? 0, etag: v.ETag ?? '', versionId, lastModified }
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
      VersionIdMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined
    } while (KeyMarker)
    if (versioned) return
    let ContinuationToken: string | undefined
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
      for (const o of page.Contents ?? []) {
        if (!o.Key || !KEY_PATTERN.test(o.Key)) continue
        const lastModified = o.LastModified?.toISOString() ?? null
        yield { key: o.Key, size: o.Size ?? 0, etag: o.ETag ?? '', versionId: null, lastModified }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  } finally {
    s3.destroy()
  }
}
