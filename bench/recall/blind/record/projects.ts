/** The four projects of the blind set, each in its own language and stack. */
import { anchorage } from './anchorage/index.js';
import { kucun } from './kucun/index.js';
import { logrot } from './logrot/index.js';
import { turnstile } from './turnstile/index.js';
import type { Project } from './types.js';

export const projects: Project[] = [anchorage, turnstile, logrot, kucun];
