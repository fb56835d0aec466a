import { LiveHandshakeSchema, SERVER_MESSAGES } from '@seyir/domain';
import { getUserById } from '@seyir/db';
import type { AppDeps } from '../deps.js';
import { bearerToken } from '../auth/authenticate.js';
import type { LiveSocket } from './live-types.js';

const USER_ID = /^[0-9a-f-]{36}$/i;

/** A refused handshake: the client gets `connect_error` with the Turkish message and `data.code`. */
function refusal(message: string, code: 'UNAUTHENTICATED' | 'UNAVAILABLE'): Error & { data: { code: string; detail: string } } {
  return Object.assign(new Error(message), { data: { code, detail: message } });
}

/** Longest delay a Node timer takes (about 24.8 days); a later expiry re-arms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Tells the client its session ended and closes the socket (expired or revoked token). */
export function endSession(socket: LiveSocket): void {
  if (!socket.connected) return;
  socket.emit('error', { code: 'UNAUTHENTICATED', message: SERVER_MESSAGES.sessionExpired });
  socket.disconnect(true);
}

/** Closes the socket when its token expires: a connection never outlives its session. */
function closeAtExpiry(socket: LiveSocket, expiresAtMs: number): void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const wait = expiresAtMs - Date.now();
    timer = wait > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(() => endSession(socket), Math.max(0, wait));
    timer.unref();
  };
  arm();
  socket.once('disconnect', () => clearTimeout(timer));
}

/**
 * Socket.IO middleware: the handshake's `auth.token` (or an `Authorization: Bearer` header) must
 * be a valid access token whose user exists with the same token version, as for HTTP requests.
 */
export function authenticateSocket(deps: Pick<AppDeps, 'db' | 'tokens'>) {
  return async (socket: LiveSocket, next: (error?: Error) => void): Promise<void> => {
    const auth = LiveHandshakeSchema.safeParse(socket.handshake.auth);
    const token = auth.success ? auth.data.token : bearerToken(socket.handshake.headers.authorization);
    if (!token) return next(refusal(SERVER_MESSAGES.unauthenticated, 'UNAUTHENTICATED'));
    const claims = deps.tokens.verify(token);
    if (!claims || !USER_ID.test(claims.sub)) return next(refusal(SERVER_MESSAGES.sessionExpired, 'UNAUTHENTICATED'));
    let user;
    try {
      user = await getUserById(deps.db, claims.sub);
    } catch {
      return next(refusal(SERVER_MESSAGES.unavailable, 'UNAVAILABLE'));
    }
    if (!user || user.tokenVersion !== claims.ver) return next(refusal(SERVER_MESSAGES.sessionExpired, 'UNAUTHENTICATED'));
    socket.data = { userId: user.id, isAdmin: user.isAdmin, batch: auth.success && auth.data.batch === true, catchingUp: new Map(), stalled: new Set() };
    if (claims.exp !== undefined) closeAtExpiry(socket, claims.exp * 1000);
    next();
  };
}
