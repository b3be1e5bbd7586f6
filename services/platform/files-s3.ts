import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { checkKey, KEY_PATTERN, newKey, StorageUnavailableError, type FileStore } from './files'

export interface S3Options {
  bucket: string
  endpoint?: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  /** Path-style URLs (http://host/bucket/key): MinIO, Ceph, s3rver and most self-hosted stores. */
  forcePathStyle: boolean
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}

/**
 * Files in an S3-compatible bucket: the same keys as on disk, objects private to the bucket.
 * Every process of a deployment reads and writes the same bucket, so none keeps data on its
 * own disk. Objects are read through the app (after its access checks), never by public URL.
 */
export function s3FileStore(options: S3Options): FileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // A slow store must not hold a request forever; the SDK retries transient errors itself.
    maxAttempts: 3,
    requestHandler: { requestTimeout: 15_000, connectionTimeout: 3_000 },
  })
  const Bucket = options.bucket
  /** Any failure other than "no such object" means the store is away or refusing: a 503. */
  const unavailable = (error: unknown) => new StorageUnavailableError(error)
  return {
    kind: 's3',
    async put(prefix, bytes, extension) {
      const key = newKey(prefix, extension)
      await client
        .send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          }),
        )
        .catch((error) => {
          throw unavailable(error)
        })
      return key
    },
    async get(key) {
      try {
        checkKey(key)
      } catch {
        return null
      }
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return object.Body ? await object.Body.transformToByteArray() : null
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        )
          return null
        throw unavailable(error)
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) })).catch((error) => {
        throw unavailable(error)
      })
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket })).catch((error) => {
        throw unavailable(error)
      })
    },
    async *list() {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })).catch((error) => {
          throw unavailable(error)
        })
        for (const object of page.Contents ?? []) if (object.Key && KEY_PATTERN.test(object.Key)) yield object.Key
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async replace(key, bytes) {
      const extension = key.slice(key.lastIndexOf('.') + 1)
      await client
        .send(
          new PutObjectCommand({
            Bucket,
            Key: checkKey(key),
            Body: bytes,
            ContentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          }),
        )
        .catch((error) => {
          throw unavailable(error)
        })
    },
  }
}
