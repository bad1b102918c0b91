// Placeholder: the Electron shell (issue 7) lives here.
import { app } from 'electron';

void app.whenReady().then(() => app.quit());
