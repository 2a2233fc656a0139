/** Icon paths for <Icon d={…} /> used past the first paint (see icons.tsx). */
export const close = 'M6 6l12 12M18 6L6 18';
export const chevronDown = 'M6 9l6 6 6-6';
export const chevronLeft = 'M15 6l-6 6 6 6';
export const chevronRight = 'M9 6l6 6-6 6';
export const filter = 'M4 6h16M7 12h10M10 18h4';
export const people = 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm-6 8a6 6 0 0 1 12 0m2-8a3 3 0 1 0-1-5.8M21 19a6 6 0 0 0-4-5.6';
export const pin = 'M12 21s-6-5.5-6-11a6 6 0 0 1 12 0c0 5.5-6 11-6 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z';
/** Sort: lines of falling length with a down arrow. */
export const sortLines = 'M4 6h10M4 12h7M4 18h4M18 5v14m-3-3l3 3 3-3';
