/** anchorage: a stdlib-only Python link checker for Markdown docs (English-speaking developer). */
import type { Project } from '../types.js';
import { session1 } from './s1.js';
import { session2 } from './s2.js';
import { session3 } from './s3.js';

export const anchorage: Project = {
  name: 'anchorage',
  sessions: (dir) => [session1(dir), session2(dir), session3(dir)],
};
