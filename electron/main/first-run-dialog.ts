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

/** Second question, only when `claude` is found and no API key is set: compress with Claude Code? */
export async function askClaudeCode(claudePath: string): Promise<boolean> {
  const r = await dialog.showMessageBox({
    type: 'question',
    title: 'MemTray: memories with Claude Code',
    message: 'Write memories and summaries with your Claude Code login?',
    detail:
      `Claude Code is installed (${claudePath}). MemTray can run it headless to turn tool calls into ` +
      'short memories, using your own login: no API key. Each batch of tool calls, redacted and ' +
      "truncated, is sent to Anthropic that way and counts against your plan's limits. Without it, " +
      'memories are written by simple rules and nothing leaves this computer. You can change this in ' +
      'the Provider view.',
    buttons: ['Use Claude Code', 'Not now'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  });
  return r.response === 0;
}
