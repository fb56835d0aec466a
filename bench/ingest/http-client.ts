import { Agent, request } from 'node:http';

export interface IngestAnswer {
  status: number;
  accepted: number;
  retryAfterSeconds: number;
  /** The gateway's stages (ms) from its Server-Timing header, in order. */
  stages: [string, number][];
}

/** `admit;dur=0.9, read;dur=0.1` → [['admit', 0.9], ['read', 0.1]]. */
function parseServerTiming(header: string | undefined): [string, number][] {
  if (!header) return [];
  return header.split(',').map((part) => {
    const [name, ...params] = part.trim().split(';');
    const dur = params.find((p) => p.startsWith('dur='));
    return [name!, Number(dur?.slice(4) ?? 0)];
  });
}

/**
 * A lean load generator's POST (node:http with keep-alive, body sent as prepared bytes): the
 * bench client shares the two cores with what it measures, and undici's fetch cost it about
 * twice as much CPU per request.
 */
export function createIngestPoster(base: string, apiKey: string): (path: string, body: Buffer) => Promise<IngestAnswer> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const post = (path: string, body: Buffer, retried = false): Promise<IngestAnswer> =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-seyir-key': apiKey },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            let accepted = 0;
            try {
              accepted = (JSON.parse(Buffer.concat(chunks).toString()) as { accepted?: number }).accepted ?? 0;
            } catch {
              // not JSON: counts as nothing accepted
            }
            resolve({
              status: res.statusCode ?? 0,
              accepted,
              retryAfterSeconds: Number(res.headers['retry-after'] ?? 1),
              stages: parseServerTiming([res.headers['server-timing'] ?? []].flat().join(', ')),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the gateway closed as idle just as it was reused: the request never
        // reached it, so it is sent again on a fresh socket, once (Node's documented remedy).
        if (!retried && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) resolve(post(path, body, true));
        else reject(error);
      });
      req.end(body);
    });
  return (path, body) => post(path, body);
}
