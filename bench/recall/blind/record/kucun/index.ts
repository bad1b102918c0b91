/** kucun: an inventory HTTP service on Node built-ins only (a developer who writes in Chinese). */
import type { Project } from '../types.js';
import { session1 } from './s1.js';
import { session2 } from './s2.js';
import { session3 } from './s3.js';

export const kucun: Project = {
  name: 'kucun',
  sessions: (dir) => [session1(dir), session2(dir), session3(dir)],
};
