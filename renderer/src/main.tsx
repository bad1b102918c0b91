import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ApiProvider } from './api/context';
import { httpApi } from './api/http';
import { ipcApi } from './api/ipc';
import { takeToken } from './api/token';
import './styles.css';

function NoToken() {
  return (
    <main className="app no-token">
      <h1>MemTray</h1>
      <div className="empty">
        <p className="empty-title">Open MemTray from its link</p>
        <div className="empty-body">
          <p>
            For your privacy the UI needs the one-time link that <code>memtray serve</code> prints, like{' '}
            <code>http://127.0.0.1:37777/?token=…</code>. The token is also in the <code>token</code> file of
            the data dir (<code>~/.memtray</code>).
          </p>
        </div>
      </div>
    </main>
  );
}

const root = createRoot(document.getElementById('root')!);
const ipc = ipcApi();
const token = ipc ? null : takeToken();
const api = ipc ?? (token ? httpApi(token) : null);
root.render(
  <StrictMode>
    {api ? (
      <ApiProvider api={api}>
        <App />
      </ApiProvider>
    ) : (
      <NoToken />
    )}
  </StrictMode>,
);
