/**
 * Builds only the renderer into out/renderer, with exactly the `renderer` section of
 * electron.vite.config.ts (so the e2e tests serve what the app ships):
 *   npx vite build -c tests/e2e/ui/vite.renderer.config.ts
 */
import type { UserConfig } from 'vite';
import config from '../../../electron.vite.config';

const renderer = (config as { renderer?: UserConfig }).renderer;
if (!renderer) throw new Error('electron.vite.config.ts has no renderer section');

export default { ...renderer, build: { ...renderer.build, emptyOutDir: true } } satisfies UserConfig;
