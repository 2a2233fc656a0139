/** Line icons of the product page, for <Icon d={…} /> (24×24, currentColor). */
export const truck = 'M3 6h11v10H3zM14 9h4l3 3v4h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4z';
export const returns = 'M4 9h11a5 5 0 0 1 0 10H9M4 9l4-4M4 9l4 4';
export const ruler = 'M3 17 17 3l4 4L7 21l-4-4zm4-4 2 2m1-5 2 2m1-5 2 2';
export const store = 'M4 10v10h16V10M3 4h18l-1 6H4L3 4zm6 16v-5h6v5';
export const chat = 'M5 5h14v10H9l-4 4V5zm4 5h.01M12 10h.01M15 10h.01';
export const zoom = 'M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zm5-2 4.5 4.5M11 8v6m-3-3h6';
export const shield = 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z';
