import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpTestReceiver {
  /** `http://127.0.0.1:port` */
  url: string;
  requests: ReceivedRequest[];
  /** Resolves with the requests (to `path`, if given) once there are `n`, or after the timeout with those there are. */
  waitFor(n: number, timeoutMs?: number, path?: string): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on a free port that records every request. `respond` decides the answer
 * (default 200); returning `'hang'` never answers (to test time limits).
 */
export async function startHttpTestReceiver(respond: (req: ReceivedRequest) => number | 'hang' = () => 200): Promise<HttpTestReceiver> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(received);
      const status = respond(received);
      if (status !== 'hang') res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const at = (path?: string) => (path ? requests.filter((r) => r.path === path) : requests);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async waitFor(n, timeoutMs = 20_000, path) {
      const deadline = Date.now() + timeoutMs;
      while (at(path).length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return at(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
