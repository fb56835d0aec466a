import { LiveHub, type LiveEventMap, type LiveEventName, type LiveTransport } from '../features/live/liveHub';

/** A live hub over a hand-driven transport: tests push events with `emit`. */
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
    disconnect() {
      handlers?.onStatus('disconnected');
    },
  };
}
