/**
 * Pages of a paged verb scripted by name (`at`, however a test spells a page's query and cursor).
 * A page is read when it is asked for, so a test can add or change one between requests; a page
 * that is not there fails with "no page <at>"; a request for a `held` page answers only when
 * `release(at)` is called.
 */
export function heldPages<P>(pages: Record<string, P>, held: string[] = []) {
  const waiting = new Map<string, Array<() => void>>();
  const answer = (at: string): Promise<P> => {
    const page = pages[at];
    if (page === undefined) return Promise.reject(new Error(`no page ${at}`));
    if (!held.includes(at)) return Promise.resolve(page);
    return new Promise((resolve) => waiting.set(at, [...(waiting.get(at) ?? []), () => resolve(page)]));
  };
  const release = (at: string): void => {
    for (const resolve of waiting.get(at) ?? []) resolve();
    waiting.delete(at);
  };
  return { answer, release };
}
