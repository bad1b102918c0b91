/**
 * The extension point of the service (service.ts): a feature (capture, compression, recall,
 * maintenance) adds routes and background work. Plugins import this, never the service itself.
 */
import type { Route } from './http.js';

/** A feature that plugs into the service: extra routes, background work, and how to stop it. */
export interface ServicePlugin {
  name: string;
  routes?: Route[];
  /**
   * Builds the SessionStart context (the recall plugin provides it): markdown or null. The first
   * plugin that has one is used; without any, sessions start with no context.
   */
  contextFor?: (project: string, claudeSessionId?: string) => string | null;
  start?(): void | Promise<void>;
  stop?(): void | Promise<void>;
}
