// @ts-check
import { createApp } from './app.js';
import { HOST, PORT, SWEEP_INTERVAL_MS } from './config.js';
import { Store } from './store.js';

const store = new Store();
// unref：定时器不拦着进程退出
setInterval(() => {
  const n = store.sweep();
  if (n > 0) console.log(`released ${n} expired reservations`);
}, SWEEP_INTERVAL_MS).unref();

createApp(store).listen(PORT, HOST, () => console.log(`kucun listening on http://${HOST}:${PORT}`));
