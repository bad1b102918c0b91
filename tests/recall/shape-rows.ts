/** What the snippet tests share: a row of plain text as `shapeSnippet` reads it, and a snippet without its marks. */

/** A memory whose whole text is `text` (its narrative), with no facts, paths or command. */
export const textRow = (text: string) => ({
  text,
  facts: [] as string[],
  subtitle: null,
  narrative: text,
  paths: [] as string[],
  command: null,
});

/** A snippet as read: the `<mark>` tags around the question's words removed. */
export const plain = (s: string): string => s.replace(/<\/?mark>/g, '');
