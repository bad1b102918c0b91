import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ApiProvider } from '@/api/context';
import { httpApi } from '@/api/http';
import { ipcApi } from '@/api/ipc';
import { takeToken } from '@/api/token';
import { NavGuardProvider } from '@/router/guard';
import './styles.css';

function NoToken() {
  return (
    <main className="app no-token">
      <h1>MemTray</h1>
      <div className="empty">
        <p className="empty-title">Open MemTray from its link</p>
        <div className="empty-body">
          <p>
            For your privacy the UI needs the link that <code>memtray serve</code> prints, like{' '}
            <code>http://127.0.0.1:37777/?token=…</code>. The link stays valid (the token is this install's,
            it does not expire); it is also in the <code>token</code> file of the data dir:{' '}
            <code>~/.memtray</code>, or <code>$MEMTRAY_DATA_DIR</code> when that is set.
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
        <NavGuardProvider>
          <App />
        </NavGuardProvider>
      </ApiProvider>
    ) : (
      <NoToken />
    )}
  </StrictMode>,
);
