import { COMBO_CATEGORY_SLUG, type Size } from '@statewise/contract/constants';
import type { ArtMotif } from '../../../lib/art/url.ts';

/**
 * The demo catalogue's categories and subcategories: what each kind of product is called, how it is stocked
 * (by size, free size or by colour), what it costs and which words describe it. The generator in products.ts
 * combines these with a style (styles.ts) and a vendor (vendors.ts).
 */

/** How a product is named and described. */
export type Group = 'saree' | 'garment' | 'drape' | 'home' | 'jewellery' | 'craft' | 'footwear';
export type StockKind = 'sized' | 'free' | 'color';

export interface SubcategoryDef {
  name: string;
  /** Unique across the whole catalogue, so vendor lines can name a subcategory by slug alone. */
  slug: string;
  /** What one item is called ("Saree", "Kurta Set with Palazzo"). */
  nouns: readonly string[];
  /** Relative weights of the three ways a product is stocked. */
  stock: Partial<Record<StockKind, number>>;
  /** Sizes a sized product of this kind comes in (a run of these). */
  sizes?: readonly Size[];
  /** List price range in rupees, before the style's premium. */
  price: readonly [number, number];
  /** Fabric or material words used when the style has none of its own for the group. */
  fabrics: readonly string[];
  features: readonly string[];
  /** HSN code when it differs from the category's. */
  hsn?: string;
  /** A line added to the description's list (length, what is in the set…). */
  detail?: string;
}

export interface CategoryDef {
  name: string;
  slug: string;
  motif: ArtMotif;
  palette: number;
  /** HSN code of the category's goods (GST invoices). */
  hsn: string;
  /** GST rate in percent. */
  gstRate: number;
  group: Group;
  care: readonly string[];
  subcategories: readonly SubcategoryDef[];
}

const ALL_SIZES: readonly Size[] = ['xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'];
const MEN_SIZES: readonly Size[] = ['s', 'm', 'l', 'xl', 'xxl', 'xxxl'];
const LEHENGA_SIZES: readonly Size[] = ['xs', 's', 'm', 'l', 'xl', 'xxl'];
const FOOT_SIZES: readonly Size[] = ['s', 'm', 'l', 'xl', 'xxl'];

export const CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Sarees',
    slug: 'sarees',
    motif: 'brocade',
    palette: 0,
    hsn: '5007',
    gstRate: 5,
    group: 'saree',
    care: ['Dry clean only', 'Dry clean the first time, then gentle hand wash in cold water', 'Store folded in a muslin cloth; refold every few months'],
    subcategories: [
      {
        name: 'Silk Sarees',
        slug: 'silk-sarees',
        nouns: ['Saree'],
        stock: { free: 8, color: 2 },
        price: [3499, 24999],
        fabrics: ['Pure Silk', 'Katan Silk', 'Soft Silk', 'Art Silk'],
        features: ['with Zari Border', 'with Contrast Pallu', 'with Butti Work', 'with Blouse Piece'],
        detail: 'Saree 5.5 m with a 0.8 m unstitched blouse piece',
      },
      {
        name: 'Cotton Sarees',
        slug: 'cotton-sarees',
        nouns: ['Saree'],
        stock: { free: 8, color: 2 },
        price: [899, 3999],
        fabrics: ['Cotton', 'Mul Cotton', 'Handloom Cotton', 'Cotton Silk'],
        features: ['with Contrast Border', 'with Tassels', 'with Blouse Piece', 'with Woven Pallu'],
        hsn: '5208',
        detail: 'Saree 5.5 m with a 0.8 m unstitched blouse piece',
      },
      {
        name: 'Wedding Sarees',
        slug: 'wedding-sarees',
        nouns: ['Bridal Saree', 'Wedding Saree'],
        stock: { free: 1 },
        price: [9999, 44999],
        fabrics: ['Pure Silk', 'Tissue Silk', 'Katan Silk'],
        features: ['with Heavy Zari Pallu', 'with Rich Brocade Border', 'with Bridal Blouse Piece'],
        detail: 'Saree 6.3 m including a 0.8 m unstitched blouse piece',
      },
      {
        name: 'Georgette & Chiffon Sarees',
        slug: 'georgette-chiffon-sarees',
        nouns: ['Saree'],
        stock: { free: 7, color: 3 },
        price: [1299, 6999],
        fabrics: ['Georgette', 'Chiffon', 'Pure Georgette'],
        features: ['with Sequin Border', 'with Lace Border', 'with Blouse Piece', 'with Scalloped Border'],
        hsn: '5407',
        detail: 'Saree 5.5 m with a 0.8 m unstitched blouse piece',
      },
      {
        name: 'Linen & Organza Sarees',
        slug: 'linen-organza-sarees',
        nouns: ['Saree'],
        stock: { free: 8, color: 2 },
        price: [1999, 8999],
        fabrics: ['Linen', 'Organza', 'Linen Silk'],
        features: ['with Zari Border', 'with Tassels', 'with Blouse Piece'],
        hsn: '5309',
        detail: 'Saree 5.5 m with a 0.8 m unstitched blouse piece',
      },
      {
        name: 'Tussar Sarees',
        slug: 'tussar-sarees',
        nouns: ['Saree'],
        stock: { free: 1 },
        price: [2499, 12999],
        fabrics: ['Tussar Silk', 'Ghicha Tussar', 'Kosa Silk'],
        features: ['with Hand-Painted Pallu', 'with Contrast Border', 'with Blouse Piece'],
        detail: 'Saree 5.5 m with a 0.8 m unstitched blouse piece',
      },
    ],
  },
  {
    name: 'Kurtas & Suits',
    slug: 'kurtas-suits',
    motif: 'chikankari',
    palette: 1,
    hsn: '6211',
    gstRate: 5,
    group: 'garment',
    care: ['Gentle hand wash in cold water; dry in shade', 'Machine wash cold on a gentle cycle; do not bleach', 'Dry clean recommended'],
    subcategories: [
      {
        name: 'Kurtas',
        slug: 'kurtas',
        nouns: ['Straight Kurta', 'A-Line Kurta', 'Kurta', 'Angrakha Kurta', 'Kaftan Kurta', 'Flared Kurta'],
        stock: { sized: 1 },
        sizes: ALL_SIZES,
        price: [799, 4999],
        fabrics: ['Cotton', 'Rayon', 'Georgette', 'Chanderi Silk', 'Mul Cotton', 'Cotton Silk'],
        features: ['with Mirror Work', 'with Pintucks', 'with Gota Lace', 'with Tassels', 'with Three-Quarter Sleeves'],
      },
      {
        name: 'Kurta Sets',
        slug: 'kurta-sets',
        nouns: ['Kurta Set with Palazzo', 'Kurta Pant Set', 'Kurta Set with Dupatta', 'Kurta Sharara Set'],
        stock: { sized: 1 },
        sizes: ALL_SIZES,
        price: [1499, 7999],
        fabrics: ['Cotton', 'Rayon', 'Georgette', 'Chanderi Silk', 'Muslin'],
        features: ['with Gota Work', 'with Embroidered Yoke', 'with Printed Dupatta', 'with Mirror Work'],
        detail: 'Kurta, bottom and dupatta where the name says so',
      },
      {
        name: 'Anarkali Suits',
        slug: 'anarkali-suits',
        nouns: ['Anarkali Suit Set', 'Flared Anarkali Suit', 'Floor-Length Anarkali'],
        stock: { sized: 1 },
        sizes: ALL_SIZES,
        price: [2499, 12999],
        fabrics: ['Georgette', 'Silk', 'Chanderi Silk', 'Net'],
        features: ['with Zari Work', 'with Embroidered Dupatta', 'with Sequin Work'],
      },
      {
        name: 'Salwar Suits',
        slug: 'salwar-suits',
        nouns: ['Salwar Suit Set', 'Patiala Suit Set', 'Churidar Suit Set'],
        stock: { sized: 1 },
        sizes: ALL_SIZES,
        price: [1799, 8999],
        fabrics: ['Cotton', 'Cotton Silk', 'Georgette', 'Crepe'],
        features: ['with Dupatta', 'with Embroidered Neckline', 'with Lace Details'],
      },
      {
        name: 'Dress Material',
        slug: 'dress-material',
        nouns: ['Unstitched Suit Material', 'Unstitched Dress Material'],
        stock: { free: 7, color: 3 },
        price: [999, 6999],
        fabrics: ['Cotton', 'Chanderi Silk', 'Georgette', 'Cotton Silk'],
        features: ['with Dupatta', 'with Embroidered Yoke', 'with Bottom Fabric'],
        detail: 'Top 2.5 m, bottom 2.5 m and dupatta 2.25 m, unstitched',
        hsn: '5208',
      },
      {
        name: 'Tunics & Tops',
        slug: 'tunics-tops',
        nouns: ['Short Kurti', 'Tunic', 'Peplum Top'],
        stock: { sized: 1 },
        sizes: ALL_SIZES,
        price: [599, 2499],
        fabrics: ['Cotton', 'Rayon', 'Mul Cotton', 'Khadi'],
        features: ['with Mandarin Collar', 'with Button Placket', 'with Embroidered Yoke'],
      },
    ],
  },
  {
    name: 'Lehengas',
    slug: 'lehengas',
    motif: 'brocade',
    palette: 2,
    hsn: '6204',
    gstRate: 5,
    group: 'garment',
    care: ['Dry clean only', 'Store in a breathable garment bag; keep away from moisture'],
    subcategories: [
      {
        name: 'Bridal Lehengas',
        slug: 'bridal-lehengas',
        nouns: ['Bridal Lehenga Set', 'Bridal Lehenga Choli'],
        stock: { sized: 1 },
        sizes: LEHENGA_SIZES,
        price: [17999, 54999],
        fabrics: ['Raw Silk', 'Velvet', 'Silk', 'Net'],
        features: ['with Double Dupatta', 'with Heavy Zardozi Work', 'with Can-Can Skirt', 'with Embroidered Blouse'],
        detail: 'Semi-stitched lehenga, blouse with extra margin and dupatta',
      },
      {
        name: 'Festive Lehengas',
        slug: 'festive-lehengas',
        nouns: ['Lehenga Choli Set', 'Lehenga Set with Dupatta', 'Lehenga Choli'],
        stock: { sized: 1 },
        sizes: LEHENGA_SIZES,
        price: [3999, 17999],
        fabrics: ['Georgette', 'Silk', 'Cotton', 'Chanderi Silk', 'Organza'],
        features: ['with Gota Patti', 'with Mirror Work', 'with Sequin Dupatta', 'with Printed Dupatta'],
        detail: 'Lehenga, blouse and dupatta',
      },
      {
        name: 'Half Sarees',
        slug: 'half-sarees',
        nouns: ['Half Saree Set', 'Langa Voni Set', 'Pattu Pavadai Set'],
        stock: { sized: 6, free: 4 },
        sizes: LEHENGA_SIZES,
        price: [2999, 14999],
        fabrics: ['Pure Silk', 'Soft Silk', 'Cotton Silk'],
        features: ['with Zari Border', 'with Contrast Voni', 'with Temple Border'],
        detail: 'Skirt, blouse fabric and half-saree drape',
      },
      {
        name: 'Lehenga Skirts',
        slug: 'lehenga-skirts',
        nouns: ['Lehenga Skirt', 'Flared Skirt', 'Ghagra'],
        stock: { sized: 1 },
        sizes: LEHENGA_SIZES,
        price: [1299, 5999],
        fabrics: ['Cotton', 'Georgette', 'Silk', 'Rayon'],
        features: ['with Gota Border', 'with Tassel Drawstring', 'with Mirror Work'],
      },
    ],
  },
  {
    name: "Men's Ethnic",
    slug: 'mens-ethnic',
    motif: 'jaali',
    palette: 3,
    hsn: '6203',
    gstRate: 5,
    group: 'garment',
    care: ['Dry clean recommended', 'Gentle hand wash in cold water; iron on reverse', 'Machine wash cold; dry in shade'],
    subcategories: [
      {
        name: "Men's Kurtas",
        slug: 'mens-kurtas',
        nouns: ['Kurta', 'Straight Kurta', 'Short Kurta', 'Pathani Kurta'],
        stock: { sized: 1 },
        sizes: MEN_SIZES,
        price: [799, 3999],
        fabrics: ['Cotton', 'Linen', 'Khadi', 'Cotton Silk', 'Tussar Silk'],
        features: ['with Mandarin Collar', 'with Wooden Buttons', 'with Embroidered Placket'],
        hsn: '6205',
      },
      {
        name: 'Kurta Pyjama Sets',
        slug: 'kurta-pyjama-sets',
        nouns: ['Kurta Pyjama Set', 'Kurta Churidar Set', 'Kurta Dhoti Set'],
        stock: { sized: 1 },
        sizes: MEN_SIZES,
        price: [1499, 5999],
        fabrics: ['Cotton', 'Silk', 'Cotton Silk', 'Linen'],
        features: ['with Embroidered Yoke', 'with Contrast Pyjama', 'with Stole'],
      },
      {
        name: 'Nehru Jackets',
        slug: 'nehru-jackets',
        nouns: ['Nehru Jacket', 'Bandi Jacket', 'Waistcoat'],
        stock: { sized: 1 },
        sizes: MEN_SIZES,
        price: [1299, 5999],
        fabrics: ['Silk', 'Brocade', 'Khadi', 'Linen', 'Wool'],
        features: ['with Pocket Square', 'with Metal Buttons', 'with Contrast Piping'],
      },
      {
        name: 'Sherwanis',
        slug: 'sherwanis',
        nouns: ['Sherwani Set', 'Sherwani with Churidar', 'Achkan Sherwani'],
        stock: { sized: 1 },
        sizes: MEN_SIZES,
        price: [8999, 39999],
        fabrics: ['Raw Silk', 'Brocade', 'Velvet', 'Jacquard Silk'],
        features: ['with Stole', 'with Zardozi Collar', 'with Safa'],
      },
      {
        name: 'Bandhgalas',
        slug: 'bandhgalas',
        nouns: ['Bandhgala Jacket', 'Jodhpuri Bandhgala Suit'],
        stock: { sized: 1 },
        sizes: MEN_SIZES,
        price: [4999, 19999],
        fabrics: ['Silk Blend', 'Linen', 'Tweed', 'Velvet'],
        features: ['with Brooch', 'with Embroidered Collar', 'with Contrast Trousers'],
      },
      {
        name: 'Dhotis & Mundus',
        slug: 'dhotis-mundus',
        nouns: ['Dhoti', 'Veshti', 'Mundu', 'Angavastram Set'],
        stock: { free: 1 },
        price: [599, 4999],
        fabrics: ['Cotton', 'Pure Silk', 'Art Silk', 'Handloom Cotton'],
        features: ['with Zari Border', 'with Kasavu Border', 'with Angavastram'],
        hsn: '5208',
        detail: 'Dhoti 4 m (double dhoti 8 m on request through chat)',
      },
    ],
  },
  {
    name: 'Jewellery',
    slug: 'jewellery',
    motif: 'mandala',
    palette: 4,
    hsn: '7117',
    gstRate: 3,
    group: 'jewellery',
    care: ['Keep away from water and perfume; wipe with a soft dry cloth', 'Store in the box it came in, away from moisture'],
    subcategories: [
      {
        name: 'Earrings',
        slug: 'earrings',
        nouns: ['Jhumka Earrings', 'Chandbali Earrings', 'Drop Earrings', 'Stud Earrings', 'Ear Cuffs', 'Hoop Earrings'],
        stock: { free: 6, color: 4 },
        price: [299, 2999],
        fabrics: ['Gold-Plated', 'Antique Gold', 'Oxidised Silver', 'Rose Gold-Plated', 'Silver-Plated'],
        features: ['with Pearl Drops', 'with Kemp Stones', 'with Ghungroo', 'with Green Beads', 'with Ruby Stones'],
      },
      {
        name: 'Necklace Sets',
        slug: 'necklace-sets',
        nouns: ['Necklace Set', 'Choker Set', 'Long Haar', 'Rani Haar Set'],
        stock: { free: 7, color: 3 },
        price: [999, 12999],
        fabrics: ['Gold-Plated', 'Antique Gold', 'Oxidised Silver', 'Silver-Plated'],
        features: ['with Matching Earrings', 'with Pearl Strings', 'with Kemp Stones', 'with Emerald Drops'],
        detail: 'Necklace with matching earrings where the name says set',
      },
      {
        name: 'Bangles & Bracelets',
        slug: 'bangles-bracelets',
        nouns: ['Bangle Set', 'Kada', 'Cuff Bracelet', 'Bracelet'],
        stock: { free: 4, color: 6 },
        price: [399, 4999],
        fabrics: ['Gold-Plated', 'Antique Gold', 'Oxidised Silver', 'Brass'],
        features: ['with Stone Work', 'with Screw Opening', 'with Meenakari Work'],
        detail: 'Bangle size 2.6 (fits most wrists); ask the vendor for 2.4 or 2.8',
      },
      {
        name: 'Maang Tikka',
        slug: 'maang-tikka',
        nouns: ['Maang Tikka', 'Matha Patti', 'Borla'],
        stock: { free: 7, color: 3 },
        price: [349, 2999],
        fabrics: ['Gold-Plated', 'Antique Gold', 'Silver-Plated'],
        features: ['with Pearl Drops', 'with Kundan Stones', 'with Side Chains'],
      },
      {
        name: 'Nose Rings',
        slug: 'nose-rings',
        nouns: ['Nose Ring', 'Nath', 'Nose Pin'],
        stock: { free: 1 },
        price: [249, 1999],
        fabrics: ['Gold-Plated', 'Silver-Plated', 'Oxidised Silver'],
        features: ['with Pearl Chain', 'without Piercing', 'with Stone Work'],
      },
      {
        name: 'Anklets',
        slug: 'anklets',
        nouns: ['Anklets, Pair', 'Payal, Pair', 'Toe Rings, Set of 2'],
        stock: { free: 1 },
        price: [299, 2499],
        fabrics: ['Silver-Plated', 'Oxidised Silver', 'Gold-Plated'],
        features: ['with Ghungroo', 'with Adjustable Hook', 'with Beads'],
      },
    ],
  },
  {
    name: 'Handicrafts & Décor',
    slug: 'handicrafts-decor',
    motif: 'madhubani',
    palette: 5,
    hsn: '4420',
    gstRate: 12,
    group: 'craft',
    care: ['Dust with a soft dry brush', 'Wipe with a dry cloth; keep away from direct sunlight', 'Handle with care; clean with a damp cloth only'],
    subcategories: [
      {
        name: 'Wall Art & Paintings',
        slug: 'wall-art',
        nouns: ['Painting', 'Wall Hanging', 'Wall Plate'],
        stock: { free: 1 },
        price: [799, 14999],
        fabrics: [],
        features: ['on Handmade Paper', 'on Canvas', 'with Wooden Frame', 'in Natural Colours'],
        hsn: '9701',
      },
      {
        name: 'Pottery & Ceramics',
        slug: 'pottery-ceramics',
        nouns: ['Flower Vase', 'Serving Bowl', 'Planter', 'Decorative Plate', 'Tea Cup Set'],
        stock: { free: 6, color: 4 },
        price: [499, 4999],
        fabrics: [],
        features: ['Hand-Painted', 'Set of 2', 'Large'],
        hsn: '6913',
      },
      {
        name: 'Metal Craft',
        slug: 'metal-craft',
        nouns: ['Figurine', 'Elephant Figurine', 'Urli', 'Wall Mask', 'Ganesha Idol'],
        stock: { free: 1 },
        price: [899, 9999],
        fabrics: [],
        features: ['Hand-Finished', 'Large', 'Set of 2'],
        hsn: '8306',
      },
      {
        name: 'Wooden Toys & Crafts',
        slug: 'wooden-crafts',
        nouns: ['Spinning Top Set', 'Stacking Toy', 'Toy Train', 'Jewellery Box', 'Kitchen Set Toy'],
        stock: { free: 6, color: 4 },
        price: [399, 2999],
        fabrics: [],
        features: ['Lacquered', 'Set of 3', 'Child-Safe Colours'],
        hsn: '9503',
      },
      {
        name: 'Lamps & Diyas',
        slug: 'lamps-diyas',
        nouns: ['Diya Set', 'Hanging Lantern', 'Table Lamp', 'Deepam', 'Tealight Holder'],
        stock: { free: 7, color: 3 },
        price: [349, 6999],
        fabrics: [],
        features: ['Set of 4', 'Hand-Finished', 'Large'],
        hsn: '9405',
      },
      {
        name: 'Décor Accents',
        slug: 'decor-accents',
        nouns: ['Wall Hook', 'Decorative Box', 'Key Holder', 'Candle Stand', 'Serving Tray'],
        stock: { free: 6, color: 4 },
        price: [299, 3999],
        fabrics: [],
        features: ['Hand-Painted', 'Set of 2', 'Hand-Finished'],
      },
    ],
  },
  {
    name: 'Home Textiles',
    slug: 'home-textiles',
    motif: 'paisley',
    palette: 6,
    hsn: '6302',
    gstRate: 5,
    group: 'home',
    care: ['Machine wash cold with similar colours; dry in shade', 'Wash separately the first time; the natural dyes may bleed a little', 'Gentle hand wash; do not wring'],
    subcategories: [
      {
        name: 'Bedsheets',
        slug: 'bedsheets',
        nouns: ['Double Bedsheet with 2 Pillow Covers', 'King Size Bedsheet Set', 'Single Bedsheet with Pillow Cover'],
        stock: { free: 6, color: 4 },
        price: [799, 3999],
        fabrics: ['Cotton', 'Percale Cotton', 'Handloom Cotton'],
        features: [],
        detail: 'Double 90 x 108 in, king 108 x 108 in, single 60 x 90 in; pillow covers 17 x 27 in',
      },
      {
        name: 'Cushion Covers',
        slug: 'cushion-covers',
        nouns: ['Cushion Covers, Set of 5', 'Cushion Covers, Set of 2', 'Cushion Cover'],
        stock: { free: 5, color: 5 },
        price: [399, 2499],
        fabrics: ['Cotton', 'Silk', 'Velvet', 'Jute Cotton'],
        features: [],
        hsn: '6304',
        detail: '16 x 16 in with a hidden zip; fillers not included',
      },
      {
        name: 'Quilts & Razais',
        slug: 'quilts-razais',
        nouns: ['Quilt', 'Reversible Quilt', 'Dohar', 'Throw'],
        stock: { free: 7, color: 3 },
        price: [1299, 6999],
        fabrics: ['Cotton', 'Mul Cotton', 'Velvet'],
        features: [],
        hsn: '9404',
      },
      {
        name: 'Table Linen',
        slug: 'table-linen',
        nouns: ['Table Runner', 'Table Cover', 'Napkins, Set of 6', 'Table Mats, Set of 6'],
        stock: { free: 6, color: 4 },
        price: [299, 2999],
        fabrics: ['Cotton', 'Linen', 'Handloom Cotton'],
        features: [],
      },
      {
        name: 'Curtains',
        slug: 'curtains',
        nouns: ['Door Curtain', 'Window Curtains, Set of 2'],
        stock: { free: 6, color: 4 },
        price: [699, 3999],
        fabrics: ['Cotton', 'Linen Blend', 'Handloom Cotton'],
        features: [],
        hsn: '6303',
        detail: 'Door curtain 7 ft, window curtain 5 ft, with eyelets',
      },
      {
        name: 'Rugs & Durries',
        slug: 'rugs-durries',
        nouns: ['Durrie', 'Floor Rug', 'Runner Rug'],
        stock: { free: 7, color: 3 },
        price: [999, 8999],
        fabrics: ['Cotton', 'Wool', 'Jute'],
        features: [],
        hsn: '5702',
        detail: 'Durrie 4 x 6 ft, runner 2 x 6 ft',
      },
    ],
  },
  {
    name: 'Footwear',
    slug: 'footwear',
    motif: 'checks',
    palette: 7,
    hsn: '6403',
    gstRate: 12,
    group: 'footwear',
    care: ['Wipe with a dry cloth; keep away from water', 'Let natural leather breathe; store in the cloth bag provided'],
    subcategories: [
      {
        name: 'Punjabi Juttis',
        slug: 'juttis',
        nouns: ['Punjabi Jutti', 'Jutti'],
        stock: { sized: 1 },
        sizes: FOOT_SIZES,
        price: [599, 2499],
        fabrics: ['Leather', 'Velvet', 'Genuine Leather'],
        features: ['with Cushioned Sole', 'with Pom-Poms', 'with Mirror Work', 'with Zari Embroidery'],
      },
      {
        name: 'Kolhapuri Chappals',
        slug: 'kolhapuri-chappals',
        nouns: ['Kolhapuri Chappals', 'Kolhapuri Sandals', 'T-Strap Kolhapuris'],
        stock: { sized: 1 },
        sizes: FOOT_SIZES,
        price: [499, 2999],
        fabrics: ['Leather', 'Genuine Leather', 'Vegetable-Tanned Leather'],
        features: ['with Braided Straps', 'with Cushioned Sole', 'with Toe Ring'],
      },
      {
        name: 'Mojaris',
        slug: 'mojaris',
        nouns: ['Mojari', 'Nagra Mojari', "Men's Mojari"],
        stock: { sized: 1 },
        sizes: FOOT_SIZES,
        price: [799, 3499],
        fabrics: ['Leather', 'Velvet', 'Suede'],
        features: ['with Zari Embroidery', 'with Cushioned Sole', 'with Beadwork'],
      },
      {
        name: 'Embroidered Flats',
        slug: 'embroidered-flats',
        nouns: ['Embroidered Flats', 'Ballet Flats', 'Sliders'],
        stock: { sized: 1 },
        sizes: FOOT_SIZES,
        price: [499, 1999],
        fabrics: ['Cotton', 'Velvet', 'Faux Leather'],
        features: ['with Cushioned Sole', 'with Mirror Work', 'with Beadwork'],
      },
    ],
  },
  {
    name: 'Dupattas & Stoles',
    slug: 'dupattas-stoles',
    motif: 'bandhani',
    palette: 8,
    hsn: '6214',
    gstRate: 5,
    group: 'drape',
    care: ['Dry clean only', 'Gentle hand wash in cold water; dry flat in shade', 'Store folded with a neem leaf sachet'],
    subcategories: [
      {
        name: 'Dupattas',
        slug: 'dupattas',
        nouns: ['Dupatta'],
        stock: { free: 6, color: 4 },
        price: [499, 4999],
        fabrics: ['Georgette', 'Chiffon', 'Cotton', 'Silk', 'Chanderi Silk'],
        features: ['with Tassels', 'with Gota Border', 'with Zari Border', 'with Lace Border'],
        detail: 'Dupatta 2.25 m x 1 m',
      },
      {
        name: 'Stoles & Scarves',
        slug: 'stoles-scarves',
        nouns: ['Stole', 'Scarf'],
        stock: { free: 6, color: 4 },
        price: [399, 3999],
        fabrics: ['Cotton', 'Silk', 'Wool', 'Modal'],
        features: ['with Fringes', 'with Tassels', 'with Woven Border'],
        detail: 'Stole 2 m x 0.7 m',
      },
      {
        name: 'Shawls',
        slug: 'shawls',
        nouns: ['Shawl', 'Wrap'],
        stock: { free: 7, color: 3 },
        price: [999, 24999],
        fabrics: ['Wool', 'Fine Wool', 'Silk Wool'],
        features: ['with Sozni Embroidery', 'with Woven Border', 'with Fringes'],
        detail: 'Shawl 2 m x 1 m',
      },
      {
        name: 'Mufflers',
        slug: 'mufflers',
        nouns: ['Muffler'],
        stock: { free: 6, color: 4 },
        price: [399, 2999],
        fabrics: ['Wool', 'Fine Wool', 'Acrylic Wool'],
        features: ['with Fringes', 'Reversible'],
        detail: 'Muffler 1.8 m x 0.3 m',
      },
    ],
  },
];

/** Vendor-made products for chat orders live here (accounts spec); the category never shows in lists. */
export const COMBO_CATEGORY = {
  name: 'Combo',
  slug: COMBO_CATEGORY_SLUG,
  motif: 'mandala' as ArtMotif,
  palette: 9,
  /** A combo mixes goods, so it has no single HSN code; each line keeps its own on the invoice. */
  hsn: null,
  gstRate: 5,
};

export function findSubcategory(slug: string): { category: CategoryDef; subcategory: SubcategoryDef } | undefined {
  for (const category of CATEGORIES) {
    const subcategory = category.subcategories.find((s) => s.slug === slug);
    if (subcategory) return { category, subcategory };
  }
  return undefined;
}
