/** The first-run consent dialog (Electron): one native question, one checkbox. */
import { dialog } from 'electron';
import type { FirstRunChoice } from './first-run.js';

export async function askFirstRun(settingsPath: string): Promise<FirstRunChoice> {
  const r = await dialog.showMessageBox({
    type: 'question',
    title: 'Welcome to MemTray',
    message: 'Let MemTray remember your Claude Code sessions?',
    detail:
      `MemTray installs Claude Code hooks (HTTP mode) in ${settingsPath}, so Claude Code reports ` +
      'each prompt and tool call to MemTray on this computer (127.0.0.1). Everything stays in ' +
      "MemTray's data folder; secrets are redacted before storing. You can remove the hooks or pause " +
      'capture at any time from the tray menu or the Health view.\n\n' +
      'It can also import your existing Claude Code history (the transcripts under ~/.claude/projects); ' +
      'the tray shows the progress.',
    buttons: ['Install hooks', 'Not now'],
    defaultId: 0,
    cancelId: 1,
    checkboxLabel: 'Also import existing Claude Code history',
    checkboxChecked: true,
    noLink: true,
  });
  const install = r.response === 0;
  return { installHooks: install, importHistory: install && r.checkboxChecked };
}
