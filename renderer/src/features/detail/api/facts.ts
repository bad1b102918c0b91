/**
 * The extractor's bookkeeping facts (`is_test: false`, `exit_status: unknown`, …) stay stored and
 * searchable but are not shown: they describe how a memory was extracted, not what happened. The
 * same keys as the service's snippet filter (electron/core/recall/answer.ts).
 */
const INTERNAL =
  /^(?:(?:is_test|is_build|exit_status|change_type|result_count|search_scope|mcp_server|mcp_tool|subagent_type): .*|replace_all|interrupted)$/i;

export function shownFacts(facts: string[]): string[] {
  return facts.filter((f) => !INTERNAL.test(f.trim()));
}
