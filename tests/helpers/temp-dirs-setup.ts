/**
 * A vitest setup file: removes the test file's temp folders (`tempDir`) when the file ends.
 *
 * The removal is the cleanup returned by a `beforeAll` registered here, before any hook of the test
 * file. At the end of a file vitest runs its `afterAll` hooks, then the `beforeAll` cleanups in the
 * reverse order of registration (`sequence.hooks: 'stack'`, the default), so this one runs last:
 * after every hook that stops a service or closes a database in those folders.
 */
import { beforeAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.js';

beforeAll(() => removeTempDirs);
