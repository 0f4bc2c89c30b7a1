import type { CareEvent, CareEventStreamParams } from '../../../dataProviders/careRequests/workflow';

type Listener = (event: CareEvent) => void;
type OpenStream = (params: CareEventStreamParams) => Promise<void>;

/**
 * The tab's one connection to the care event stream, shared by every screen that listens: it opens with the first listener
 * and closes with the last (leaving the panel, signing out), so a tab never holds more than one of the streams the service
 * bounds per user.
 */
export function createCareEventHub() {
  const listeners = new Set<Listener>();
  let connection: AbortController | null = null;

  const open = (openStream: OpenStream) => {
    const controller = new AbortController();
    connection = controller;
    void openStream({
      signal: controller.signal,
      onEvent: (event) => listeners.forEach((listener) => listener(event)),
    }).finally(() => {
      if (connection === controller) connection = null;
    });
  };

  return {
    subscribe(openStream: OpenStream, listener: Listener): () => void {
      listeners.add(listener);
      if (!connection) open(openStream);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && connection) {
          connection.abort();
          connection = null;
        }
      };
    },
  };
}

export const careEventHub = createCareEventHub();
