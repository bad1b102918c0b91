/**
 * One size limit for an event, whatever path it takes: the hook endpoint's body limit (413), the
 * command hook's stdin cap, a spool line, a transcript line or a transcript tool call (skipped and
 * counted). Kept free of imports: the hook program bundles it.
 */
export const MAX_EVENT_BYTES = 8 * 1024 * 1024;
