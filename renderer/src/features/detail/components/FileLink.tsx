import type { UiSettings } from '@shared/api';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';

/** `vscode://file/<path>` / `cursor://file/<path>` for an absolute path, else null. */
export function editorUrl(path: string, editor: UiSettings['editor']): string | null {
  if (editor === 'none') return null;
  const abs = path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path);
  if (!abs) return null;
  const p = path.replace(/\\/g, '/');
  return `${editor}://file${p.startsWith('/') ? '' : '/'}${encodeURI(p)}`;
}

/** A file path that opens in the user's editor (settings `ui.editor`), or plain code text. */
export function FileLink({ path }: { path: string }) {
  const api = useApi();
  const settings = useResource(
    () => api.getSettings(),
    'settings',
    (ev) => ev.name === 'settings',
    1000,
  );
  const url = editorUrl(path, settings.data?.ui?.editor ?? 'none');
  if (!url) return <code className="path">{path}</code>;
  return (
    <a href={url} target="_blank" rel="noreferrer" title={`Open in ${settings.data?.ui?.editor ?? 'editor'}`}>
      <code className="path">{path}</code>
    </a>
  );
}
