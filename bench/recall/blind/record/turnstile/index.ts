/** turnstile: a std-only Rust rate limiter crate (English-speaking developer). */
import type { Project } from '../types.js';
import { session1 } from './s1.js';
import { session2 } from './s2.js';

export const turnstile: Project = {
  name: 'turnstile',
  sessions: (dir) => [session1(dir), session2(dir)],
};
