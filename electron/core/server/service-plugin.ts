/**
 * The extension point of the service (service.ts): a feature (capture, compression, recall,
 * maintenance) adds routes and background work. Plugins import this, never the service itself.
 */
import type { Route } from './http.js';

/** What a plugin learns when the service starts it. */
export interface PluginStart {
  /** The port the service listens on. */
  port: number;
}

/** A feature that plugs into the service: extra routes, background work, and how to stop it. */
export interface ServicePlugin {
  name: string;
  routes?: Route[];
  /**
   * Builds the SessionStart context (the recall plugin provides it): markdown or null. The first
   * plugin that has one is used; without any, sessions start with no context.
   */
  contextFor?: (project: string, claudeSessionId?: string) => string | null;
  /** Runs once the server listens on `ctx.port` (before `server.json` names it). */
  start?(ctx: PluginStart): void | Promise<void>;
  stop?(): void | Promise<void>;
}
