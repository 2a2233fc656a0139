/**
 * `html` with `text` put just before the first `tag` (such as '</head>'). The text goes in through a function: a
 * string replacement would read `$&`, `$\`` and `$'` in it (a product's name in a data block, say) as patterns
 * and splice pieces of the page into it.
 */
export function insertBefore(html: string, tag: string, text: string): string {
  return html.replace(tag, (found) => text + found);
}
