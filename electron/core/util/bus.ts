import { EventEmitter } from 'node:events';

/** What the core announces; the SSE stream, the queue worker and the Electron shell listen. */
export interface BusEvents {
  event: { id: number; eventName: string; claudeSessionId: string | null; receivedAt: number };
  observation: { id: number; sessionId: number; toolName: string; title: string | null; status: string };
  summary: { sessionId: number; id: number };
  session: { id: number; claudeSessionId: string; status: string; project: string };
  project: { name: string; captureEnabled: boolean };
  queue: { pending: number; leased: number; failed: number; done: number };
  'job-enqueued': { kind: string };
  settings: { changed: string[] };
  import: { runId: number; status: string; filesDone: number; filesTotal: number };
}

export type BusEventName = keyof BusEvents;

/** A typed, synchronous event bus. Listeners must not throw; errors are reported and swallowed. */
export class Bus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly onListenerError: (err: unknown) => void = () => {}) {
    this.emitter.setMaxListeners(1000);
  }

  on<K extends BusEventName>(name: K, fn: (payload: BusEvents[K]) => void): () => void {
    const wrapped = (payload: BusEvents[K]): void => {
      try {
        fn(payload);
      } catch (err) {
        this.onListenerError(err);
      }
    };
    this.emitter.on(name, wrapped);
    return () => this.emitter.off(name, wrapped);
  }

  emit<K extends BusEventName>(name: K, payload: BusEvents[K]): void {
    this.emitter.emit(name, payload);
  }
}
