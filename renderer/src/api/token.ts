const KEY = 'memtray.token';

/**
 * Takes the token from `?token=` once, keeps it in sessionStorage and strips it from the address
 * bar (so it is not left in history or shared by copying the URL). Returns the token or null.
 */
export function takeToken(win: Window = window): string | null {
  const url = new URL(win.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    try {
      win.sessionStorage.setItem(KEY, fromUrl);
    } catch {
      // Storage disabled: the token still works for this page load.
    }
    url.searchParams.delete('token');
    win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  try {
    return win.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
