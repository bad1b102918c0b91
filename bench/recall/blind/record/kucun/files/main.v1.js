// @ts-check
import { createApp } from './app.js';
import { HOST, PORT } from './config.js';

createApp().listen(PORT, HOST, () => console.log(`kucun listening on http://${HOST}:${PORT}`));
