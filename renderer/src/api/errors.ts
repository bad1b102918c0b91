import type { ApiErrorShape } from '@shared/api';

/** An error the service answered (`{error, status}`), or a network failure (status 0). */
export class ApiError extends Error implements ApiErrorShape {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the route does not exist in this service (a feature not built/installed yet). */
  get missingRoute(): boolean {
    return this.status === 404 && this.message.startsWith('no route for');
  }
}

/** IPC rejections lose their class over structured clone: accept any `{status, message}`. */
function asApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (typeof err === 'object' && err !== null) {
    const r = err as { status?: unknown; message?: unknown };
    if (typeof r.status === 'number' && typeof r.message === 'string')
      return new ApiError(r.status, r.message);
  }
  return null;
}

/** A readable one-liner for any thrown value. */
export function errorText(raw: unknown): string {
  const err = asApiError(raw) ?? raw;
  if (err instanceof ApiError) {
    if (err.status === 0) return `Cannot reach the MemTray service: ${err.message}`;
    if (err.status === 401) return 'Not authorised: open the UI from the link `memtray serve` prints.';
    if (err.missingRoute) return `This MemTray service does not offer this yet (${err.message}).`;
    return `${err.message} (HTTP ${err.status})`;
  }
  return err instanceof Error ? err.message : String(err);
}
