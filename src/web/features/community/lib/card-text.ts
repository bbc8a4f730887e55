/**
 * The server's title is the text's first sentence, cut at 90 characters: said once, not twice. A
 * cut title gives way to the whole text as the heading; a whole first sentence heads the rest of the
 * text. A title that is not the text's beginning (the fallback examples) heads the whole text.
 */
export function cardText(title: string, text: string): { heading: string; body: string } {
  // As the server built the title: whitespace runs as one space.
  const full = text.replace(/\s+/g, ' ').trim();
  const cut = title.endsWith('…');
  const start = (cut ? title.slice(0, -1) : title).trim();
  if (!full.startsWith(start)) return { heading: title, body: full };
  if (cut) return { heading: full, body: '' };
  const end = /^[^\s]*\s*/.exec(full.slice(start.length))?.[0].length ?? 0;
  return { heading: full.slice(0, start.length + end).trim(), body: full.slice(start.length + end).trim() };
}
