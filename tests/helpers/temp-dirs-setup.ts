/**
 * A vitest setup file: removes the test file's temp folders (`tempDir`) when the file ends.
 *
 * Registered here, before any hook of the test file, this `aroundAll` is the outermost wrapper of the
 * file: the removal runs once everything inside has run (the file's `afterAll` hooks, the cleanups its
 * `beforeAll` hooks return, file fixtures), so after every service is stopped and every database
 * closed, and also when a `beforeAll` of the file failed.
 */
import { aroundAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.js';

aroundAll(async (runSuite) => {
  try {
    await runSuite();
  } finally {
    removeTempDirs();
  }
});
