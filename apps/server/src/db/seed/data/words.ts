import type { Group } from './catalogue.ts';

/**
 * Colour names used in product names and colour options, each with the painter's palette that shows it
 * (lib/art/palettes.ts: 0 madder, 1 indigo, 2 turmeric, 3 peacock, 4 marigold, 5 rani, 6 mehendi, 7 ivory,
 * 8 kohl, 9 terracotta, 10 lotus, 11 jamun, 12 firozi, 13 kattha, 14 panna, 15 coral).
 */
export interface ColourDef {
  name: string;
  palette: number;
}

const c = (name: string, palette: number): ColourDef => ({ name, palette });

export const TEXTILE_COLOURS: readonly ColourDef[] = [
  c('Crimson', 0),
  c('Maroon', 0),
  c('Sindoori Red', 0),
  c('Indigo', 1),
  c('Navy Blue', 1),
  c('Royal Blue', 1),
  c('Mustard', 2),
  c('Turmeric Yellow', 2),
  c('Peacock Blue', 3),
  c('Teal', 3),
  c('Saffron', 4),
  c('Marigold', 4),
  c('Rani Pink', 5),
  c('Magenta', 5),
  c('Mehendi Green', 6),
  c('Olive', 6),
  c('Ivory', 7),
  c('Off-White', 7),
  c('Beige', 7),
  c('Black', 8),
  c('Charcoal', 8),
  c('Rust', 9),
  c('Terracotta', 9),
  c('Onion Pink', 10),
  c('Blush Pink', 10),
  c('Wine', 11),
  c('Purple', 11),
  c('Turquoise', 12),
  c('Sky Blue', 12),
  c('Coffee Brown', 13),
  c('Emerald Green', 14),
  c('Bottle Green', 14),
  c('Coral', 15),
  c('Peach', 15),
];

const FOOTWEAR_COLOURS: readonly ColourDef[] = [
  c('Tan', 13),
  c('Black', 8),
  c('Maroon', 0),
  c('Chocolate Brown', 13),
  c('Mustard', 2),
  c('Rani Pink', 5),
  c('Ivory', 7),
  c('Navy Blue', 1),
  c('Bottle Green', 14),
];

const JEWELLERY_COLOURS: readonly ColourDef[] = [
  c('Ruby Red', 0),
  c('Emerald Green', 14),
  c('Sapphire Blue', 1),
  c('Pearl White', 7),
  c('Rani Pink', 5),
  c('Turquoise', 12),
  c('Black', 8),
];

const CRAFT_COLOURS: readonly ColourDef[] = [
  c('Cobalt Blue', 1),
  c('Turquoise', 12),
  c('Natural', 13),
  c('Red', 0),
  c('Yellow', 2),
  c('Green', 14),
  c('Ivory', 7),
  c('Black', 8),
];

/** The colours a product of a group can come in. */
export const COLOURS: Readonly<Record<Group, readonly ColourDef[]>> = {
  saree: TEXTILE_COLOURS,
  garment: TEXTILE_COLOURS,
  drape: TEXTILE_COLOURS,
  home: TEXTILE_COLOURS,
  footwear: FOOTWEAR_COLOURS,
  jewellery: JEWELLERY_COLOURS,
  craft: CRAFT_COLOURS,
};

/** Groups whose names open with a colour ("Crimson Banarasi Katan Silk Saree"); the others do not. */
export const NAMED_BY_COLOUR: ReadonlySet<Group> = new Set<Group>(['saree', 'garment', 'drape', 'home', 'footwear']);

/** How a description opens; {name}, {brand}, {place} are filled in. */
export const OPENINGS: readonly string[] = [
  'The {name}, made for you by {brand} in {place}.',
  'Meet the {name}, straight from the workshop of {brand} in {place}.',
  'Our {name} comes to you from {place}, made by the artisans of {brand}.',
  'Made by hand in {place}: the {name} by {brand}.',
];

/** A closing sentence for the description's paragraph, by group. */
export const OCCASIONS: Readonly<Record<Group, readonly string[]>> = {
  saree: [
    'Made for weddings, pujas and festive evenings.',
    'An heirloom to wear now and hand down later.',
    'Drapes easily and stays graceful through a long celebration.',
  ],
  garment: [
    'Easy to wear from the office to a festive dinner.',
    'Comfortable through long days and celebrations alike.',
    'Pairs well with juttis and oxidised jewellery.',
  ],
  drape: ['Layers beautifully over a plain kurta or a saree.', 'Light, warm and easy to carry.', 'A gift that is always welcome.'],
  home: ['Brings the warmth of handwork into your home.', 'Soft, breathable and made to last wash after wash.', 'A thoughtful housewarming gift.'],
  jewellery: ['Finishes a festive look with ease.', 'Light enough to wear all evening.', 'Comes gift-ready in a cloth pouch.'],
  craft: ['A conversation piece for your living room.', 'A thoughtful gift for a housewarming or Diwali.', 'Each piece is one of a kind.'],
  footwear: ['Breaks in softly and lasts for years.', 'Made for weddings, festivals and everyday wear.', 'Cushioned for long days on your feet.'],
};

/** How sizes map for footwear, which uses the size letters of the catalogue. */
export const FOOTWEAR_SIZE_NOTE = 'S = UK 5, M = UK 6, L = UK 7, XL = UK 8, XXL = UK 9; see the size chart';

export const HANDMADE_NOTE = 'Handmade: small variations in colour and pattern are part of its charm';
