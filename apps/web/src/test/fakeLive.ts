import { LiveHub, type LiveEventMap, type LiveEventName, type LiveFrame, type LiveTransport } from '../features/live/liveHub';

/** A live hub over a hand-driven transport: tests push events with `emit` or whole frames with `frame`. */
export function createFakeLive() {
  let handlers: Parameters<LiveTransport['open']>[0] | null = null;
  const joined = new Set<string>();
  const transport: LiveTransport = {
    open(h) {
      handlers = h;
      h.onStatus('connected');
    },
    join: (id) => joined.add(id),
    leave: (id) => joined.delete(id),
    close: () => {
      handlers = null;
    },
  };
  const hub = new LiveHub(() => transport, 0);
  return {
    hub,
    joined,
    emit<E extends LiveEventName>(event: E, payload: LiveEventMap[E]) {
      handlers?.onEvent(event, payload);
    },
    /** A coalesced `live:batch` frame (logs oldest first). */
    frame(frame: Partial<LiveFrame> & { project_id: string }) {
      handlers?.onEvent('live:batch', { logs: [], skipped: 0, groups: [], stats: null, ...frame });
    },
    disconnect() {
      handlers?.onStatus('disconnected');
    },
  };
}
