/**
 * `path` relative to the folder `cwd` when it lies inside it (`/src/app/lib/a.ts` from `/src/app`
 * → `lib/a.ts`), else `path` as it is. A trailing slash of `cwd` is ignored.
 */
export function relativeTo(path: string, cwd: string | null | undefined): string {
  const dir = cwd?.replace(/\/+$/, '');
  return dir && path.startsWith(`${dir}/`) ? path.slice(dir.length + 1) : path;
}
