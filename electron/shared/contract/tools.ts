/**
 * Tool names capture treats specially, shared by the service, the hook program and the UI. Plain
 * constants (no zod, no Node): the hook program bundles this file and starts on every tool call.
 */

/** Tools whose calls are captured as `decision` memories (the question and answer, the plan). */
export const DECISION_TOOLS: readonly string[] = ['AskUserQuestion', 'ExitPlanMode'];

/** The `skipTools` default: tools whose calls are never captured. */
export const DEFAULT_SKIP_TOOLS: readonly string[] = [
  'ListMcpResourcesTool',
  'SlashCommand',
  'Skill',
  'TodoWrite',
];
