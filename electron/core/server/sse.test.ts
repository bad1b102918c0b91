// The SSE heartbeat runs only while a client is connected: an idle service has no timer for it.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Bus } from '../util/bus.js';
import { SseHub } from './sse.js';

class FakeResponse extends EventEmitter {
  readonly written: string[] = [];
  writeHead(): this {
    return this;
  }
  write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
  end(): void {
    this.emit('close');
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SSE heartbeat', () => {
  it('runs while a client is connected, and only then', () => {
    vi.useFakeTimers();
    const hub = new SseHub(new Bus(() => undefined), 1000);
    expect(vi.getTimerCount(), 'no client, no timer').toBe(0);
    const a = new FakeResponse();
    const b = new FakeResponse();
    hub.attach(a as unknown as ServerResponse);
    hub.attach(b as unknown as ServerResponse);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(a.written.at(-1)).toBe(': ping\n\n');
    a.emit('close');
    expect(vi.getTimerCount(), 'one client left').toBe(1);
    b.emit('close');
    expect(vi.getTimerCount(), 'last client gone').toBe(0);
    hub.attach(a as unknown as ServerResponse);
    expect(vi.getTimerCount()).toBe(1);
    hub.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
