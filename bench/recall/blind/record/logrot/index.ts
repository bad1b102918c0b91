/** logrot: a size-based log rotation tool in C99 with a Makefile (English-speaking developer). */
import type { Project } from '../types.js';
import { session1 } from './s1.js';
import { session2 } from './s2.js';

export const logrot: Project = {
  name: 'logrot',
  sessions: (dir) => [session1(dir), session2(dir)],
};
