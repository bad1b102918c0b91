import { EventEmitter } from 'node:events';
import type { LiveEventMap } from '../../shared/contract/events.js';

/**
 * What the core announces; the SSE stream, the queue worker and the Electron shell listen. The
 * live events are the contract's (electron/shared/contract/events.ts); `job-enqueued` stays inside.
 */
type BusEvents = LiveEventMap & { 'job-enqueued': { kind: string } };

type BusEventName = keyof BusEvents;

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
