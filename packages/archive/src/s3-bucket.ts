import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';

/** Where and as whom to write: an S3-compatible endpoint (path-style addressing). */
export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** An S3 request answered with a status we did not expect (or no answer at all). */
export class S3RequestError extends Error {
  override readonly name = 'S3RequestError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface StoredObject {
  bytes: number;
  etag: string;
  sha256: string | undefined;
}

/** Per-request timeout (ms): a stuck endpoint fails the run instead of hanging it. */
const REQUEST_TIMEOUT_MS = 60_000;

function describeFailure(status: number, body: string): string {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  return code ? `${status} ${code}` : `HTTP ${status}`;
}

/**
 * The few S3 calls archiving needs, signed with SigV4 by aws4fetch (a small, dependency-free
 * signer over fetch). Path-style URLs (`endpoint/bucket/key`) work with AWS, MinIO, R2,
 * Ceph and the rest.
 */
export class S3Bucket {
  private readonly client: AwsClient;

  constructor(private readonly location: S3Location) {
    this.client = new AwsClient({
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
      service: 's3',
      region: location.region,
      retries: 0,
    });
  }

  private url(key: string): string {
    const path = key.split('/').map(encodeURIComponent).join('/');
    return `${this.location.endpoint}/${encodeURIComponent(this.location.bucket)}/${path}`;
  }

  private async send(key: string, init: RequestInit): Promise<Response> {
    try {
      return await this.client.fetch(this.url(key), { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new S3RequestError(`S3 endpoint unreachable: ${(error as Error).message}`);
    }
  }

  /**
   * Uploads with Content-MD5 (the server refuses a body that arrived altered) and the sha-256
   * in the object's metadata; answers the ETag.
   */
  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    const res = await this.send(key, {
      method: 'PUT',
      body,
      headers: {
        'content-type': contentType,
        'content-md5': createHash('md5').update(body).digest('base64'),
        'x-amz-meta-sha256': createHash('sha256').update(body).digest('hex'),
      },
    });
    const text = await res.text();
    if (!res.ok) throw new S3RequestError(`upload failed: ${describeFailure(res.status, text)}`, res.status);
    return res.headers.get('etag') ?? '';
  }

  /** Size, ETag and stored sha-256 of an object; undefined when there is none. */
  async head(key: string): Promise<StoredObject | undefined> {
    const res = await this.send(key, { method: 'HEAD' });
    if (res.status === 404) return undefined;
    if (!res.ok) throw new S3RequestError(`HEAD failed: HTTP ${res.status}`, res.status);
    return {
      bytes: Number(res.headers.get('content-length') ?? -1),
      etag: res.headers.get('etag') ?? '',
      sha256: res.headers.get('x-amz-meta-sha256') ?? undefined,
    };
  }

  /** The object's bytes; undefined when there is none. */
  async get(key: string): Promise<Buffer | undefined> {
    const res = await this.send(key, { method: 'GET' });
    if (res.status === 404) {
      await res.arrayBuffer();
      return undefined;
    }
    if (!res.ok) throw new S3RequestError(`download failed: ${describeFailure(res.status, await res.text())}`, res.status);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send(key, { method: 'DELETE' });
    const text = await res.text();
    if (!res.ok && res.status !== 404) throw new S3RequestError(`delete failed: ${describeFailure(res.status, text)}`, res.status);
  }
}
