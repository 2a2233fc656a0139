import { useState } from 'react';

let next = 0;

/**
 * A stable id, unique in the page, for label/aria pairs. Not React's useId: the browser build runs on Preact's
 * compatibility layer (ADR 016), whose useId counts from each render root, so a dialog rendered in a portal gave its
 * title the same id as a field inside it ("E-mail" labelled the heading). A counter is unique in one page, which
 * is all a single-page app without server rendering needs.
 */
export function useUniqueId(): string {
  const [id] = useState(() => `sw-${(++next).toString(36)}`);
  return id;
}
