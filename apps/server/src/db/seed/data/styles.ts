import type { ArtMotif } from '../../../lib/art/url.ts';
import type { Group } from './catalogue.ts';

/**
 * Crafts and weaves ("styles"). Each carries the words a product of that craft is named and described with;
 * the generator only pairs a style with the subcategories its vendors actually make (vendors.ts).
 */
export interface StyleDef {
  name: string;
  slug: string;
  motif: ArtMotif;
  palette: number;
  /** The word used in product names ("Banarasi", "Hand Block Printed"). */
  word: string;
  /** Price factor against the subcategory's range (hand-woven silk costs more than a print). */
  premium: number;
  /** Shown on the style's page. */
  description: string;
  /** The craft line of a product description. */
  craft: string;
  /** Fabric or material words for this craft, by kind of product; the subcategory's own words otherwise. */
  fabrics?: Partial<Record<Group, readonly string[]>>;
  /** Features that belong to this craft, by kind of product. */
  features?: Partial<Record<Group, readonly string[]>>;
  /** What the craft makes in a subcategory, when that differs from the subcategory's usual nouns. */
  items?: Readonly<Record<string, readonly string[]>>;
  /** The only colours this craft comes in (names from data/words.ts), when it has a traditional range. */
  colours?: readonly string[];
  keywords: readonly string[];
}

export const STYLES: readonly StyleDef[] = [
  {
    name: 'Banarasi',
    slug: 'banarasi',
    motif: 'brocade',
    palette: 0,
    word: 'Banarasi',
    premium: 1.4,
    description:
      'Brocades woven in Varanasi since the Mughal era: silk grounds patterned with gold and silver zari, kadhwa buttis and heavy pallus. The saree every Indian wedding trunk keeps.',
    craft: 'Handwoven on a pit loom in Varanasi with zari brocade',
    fabrics: {
      saree: ['Katan Silk', 'Georgette', 'Organza', 'Tissue Silk', 'Tussar Silk'],
      garment: ['Brocade', 'Silk', 'Jacquard Silk'],
      drape: ['Katan Silk', 'Georgette', 'Organza'],
      home: ['Brocade', 'Silk'],
    },
    features: {
      saree: ['with Zari Pallu', 'with Kadhwa Buttis', 'with Meenakari Border', 'with Jaal Work'],
      drape: ['with Zari Buttis', 'with Brocade Border'],
    },
    keywords: ['banarasi', 'varanasi', 'zari', 'brocade', 'silk'],
  },
  {
    name: 'Chikankari',
    slug: 'chikankari',
    motif: 'chikankari',
    palette: 1,
    word: 'Chikankari',
    premium: 1.1,
    description:
      'The shadow-work embroidery of Lucknow: white thread on fine muslin and georgette, worked in more than thirty stitches by the women of Awadh.',
    craft: 'Hand-embroidered in Lucknow in bakhiya, phanda and jaali stitches',
    fabrics: {
      saree: ['Georgette', 'Mul Cotton', 'Chiffon'],
      garment: ['Mul Cotton', 'Georgette', 'Cotton', 'Modal'],
      drape: ['Georgette', 'Mul Cotton', 'Chiffon'],
    },
    features: {
      saree: ['with Mukaish Work', 'with Jaali Work', 'with All-Over Buttis'],
      garment: ['with Mukaish Work', 'with Jaali Work', 'with Shadow Work'],
      drape: ['with Mukaish Work', 'with Scalloped Edges'],
    },
    colours: ['Ivory', 'Off-White', 'Blush Pink', 'Onion Pink', 'Sky Blue', 'Peach', 'Mustard', 'Mehendi Green', 'Black', 'Navy Blue', 'Turquoise', 'Wine'],
    keywords: ['chikankari', 'lucknow', 'chikan', 'hand embroidery', 'white work'],
  },
  {
    name: 'Bandhani',
    slug: 'bandhani',
    motif: 'bandhani',
    palette: 2,
    word: 'Bandhani',
    premium: 1,
    description:
      'Tie-dye of Kutch and Rajasthan: thousands of tiny knots pinched and tied by hand before the cloth goes into the dye, leaving dots that form stars, waves and shikaris.',
    craft: 'Hand-tied and dyed by Khatri artisans; every dot is a knot',
    fabrics: {
      saree: ['Georgette', 'Gajji Silk', 'Cotton', 'Art Silk'],
      garment: ['Cotton', 'Georgette', 'Modal Silk'],
      drape: ['Georgette', 'Gajji Silk', 'Cotton'],
      home: ['Cotton'],
    },
    features: {
      saree: ['with Gota Border', 'with Zari Pallu', 'with Gharchola Checks'],
      drape: ['with Gota Border', 'with Tassels'],
    },
    keywords: ['bandhani', 'bandhej', 'tie and dye', 'kutch', 'gujarat'],
  },
  {
    name: 'Kalamkari',
    slug: 'kalamkari',
    motif: 'paisley',
    palette: 3,
    word: 'Kalamkari',
    premium: 1,
    description:
      'Pen-work painting of Andhra Pradesh: tales of the epics, trees of life and lotus ponds drawn with a bamboo kalam and vegetable dyes on cotton and silk.',
    craft: 'Drawn with a bamboo pen and natural dyes, in 17 steps of washing and dyeing',
    fabrics: {
      saree: ['Cotton', 'Mangalagiri Cotton', 'Silk'],
      garment: ['Cotton', 'Cotton Silk', 'Rayon'],
      drape: ['Cotton', 'Silk'],
      home: ['Cotton', 'Handloom Cotton'],
    },
    items: {
      'wall-art': ['Tree of Life Wall Hanging', 'Ramayana Panel', 'Lotus Pond Painting', 'Krishna Leela Wall Hanging'],
    },
    keywords: ['kalamkari', 'srikalahasti', 'machilipatnam', 'natural dyes', 'pen kalamkari'],
  },
  {
    name: 'Phulkari',
    slug: 'phulkari',
    motif: 'phulkari',
    palette: 4,
    word: 'Phulkari',
    premium: 1,
    description:
      'Punjab’s flower-work: darning stitches in silk floss worked from the back of the cloth, once embroidered by grandmothers for every bride in the family.',
    craft: 'Hand-embroidered in darn stitch with silk floss by artisans of Patiala',
    fabrics: {
      garment: ['Cotton', 'Georgette', 'Chanderi Silk'],
      drape: ['Chiffon', 'Georgette', 'Cotton', 'Khaddar'],
      home: ['Cotton'],
      footwear: ['Leather', 'Velvet'],
    },
    features: {
      drape: ['with Bagh Work', 'with Mirror Work', 'with Tassels'],
      footwear: ['with Thread Embroidery', 'with Pom-Poms', 'with Cushioned Sole'],
    },
    keywords: ['phulkari', 'punjab', 'bagh', 'embroidery', 'patiala'],
  },
  {
    name: 'Ikat',
    slug: 'ikat',
    motif: 'ikat',
    palette: 5,
    word: 'Ikat',
    premium: 1.1,
    description:
      'Resist-dyed yarns woven into feathered diamonds and temple motifs: the Sambalpuri bandha of Odisha and the Pochampally ikat of Telangana.',
    craft: 'Yarns tie-dyed before weaving, then handwoven so the pattern appears on the loom',
    fabrics: {
      saree: ['Cotton', 'Pure Silk', 'Mercerised Cotton', 'Cotton Silk'],
      garment: ['Cotton', 'Cotton Silk'],
      drape: ['Cotton', 'Silk'],
      home: ['Cotton', 'Handloom Cotton'],
    },
    features: {
      saree: ['with Pasapalli Checks', 'with Temple Border', 'with Contrast Pallu', 'with Double Ikat Border'],
    },
    keywords: ['ikat', 'sambalpuri', 'pochampally', 'handloom', 'bandha'],
  },
  {
    name: 'Madhubani',
    slug: 'madhubani',
    motif: 'madhubani',
    palette: 6,
    word: 'Madhubani',
    premium: 1,
    description:
      'Mithila painting from Bihar: fish, peacocks, suns and wedding scenes filled with fine lines and bright natural colours, first painted on the walls of village homes.',
    craft: 'Hand-painted by Mithila artists with nib, brush and natural colours',
    fabrics: {
      saree: ['Tussar Silk', 'Cotton', 'Chanderi Silk'],
      drape: ['Tussar Silk', 'Cotton'],
      home: ['Cotton'],
    },
    items: {
      'wall-art': ['Fish Painting', 'Tree of Life Painting', 'Radha Krishna Painting', 'Peacock Pair Painting', 'Kohbar Painting', 'Sun Painting'],
      'decor-accents': ['Painted Kettle', 'Painted Tray', 'Coaster Set'],
    },
    keywords: ['madhubani', 'mithila', 'bihar', 'folk art', 'hand painted'],
  },
  {
    name: 'Kanjeevaram',
    slug: 'kanjeevaram',
    motif: 'temple',
    palette: 7,
    word: 'Kanjeevaram',
    premium: 1.7,
    description:
      'Heavy mulberry silk from Kanchipuram, with pure zari and borders joined to the body by the korvai interlock. Temple gopurams, checks and mango buttas in colours made to last generations.',
    craft: 'Handwoven in Kanchipuram with three-ply mulberry silk and zari',
    fabrics: {
      saree: ['Pure Silk', 'Mulberry Silk', 'Soft Silk'],
      garment: ['Pure Silk', 'Soft Silk'],
      drape: ['Pure Silk'],
    },
    features: {
      saree: ['with Temple Border', 'with Korvai Border', 'with Mango Buttas', 'with Contrast Zari Pallu', 'with Checks'],
      garment: ['with Temple Border', 'with Zari Border'],
    },
    keywords: ['kanjeevaram', 'kanchipuram', 'kanchi pattu', 'silk saree', 'temple border'],
  },
  {
    name: 'Block Print',
    slug: 'block-print',
    motif: 'paisley',
    palette: 8,
    word: 'Hand Block Printed',
    premium: 0.8,
    description:
      'Carved teak blocks pressed by hand, colour by colour: the floral buttis of Sanganer, the earthy dabu of Bagru and the crisp geometry of Bagh.',
    craft: 'Printed by hand with carved wooden blocks in Sanganer and Bagru',
    fabrics: {
      saree: ['Cotton', 'Mul Cotton', 'Chanderi'],
      garment: ['Cotton', 'Mul Cotton', 'Cambric Cotton', 'Linen'],
      drape: ['Cotton', 'Mul Cotton'],
      home: ['Cotton', 'Percale Cotton'],
    },
    features: {
      garment: ['with Dabu Print', 'with Buttis', 'with Floral Jaal'],
    },
    keywords: ['block print', 'sanganeri', 'bagru', 'dabu', 'jaipur'],
  },
  {
    name: 'Pashmina',
    slug: 'pashmina',
    motif: 'herringbone',
    palette: 9,
    word: 'Pashmina',
    premium: 1.6,
    description:
      'Cashmere of the Changthangi goat, spun by hand and woven in Kashmir into shawls light enough to pass through a ring and warm enough for a Srinagar winter.',
    craft: 'Hand-spun and handwoven in Kashmir; the embroidery is needle-worked sozni',
    fabrics: {
      drape: ['', '', 'Silk Blend'],
      garment: ['Wool', 'Pashmina Blend'],
      home: ['Wool'],
    },
    features: {
      drape: ['with Sozni Embroidery', 'with Kani Border', 'with Paisley Jaal', 'with Fringed Ends'],
      garment: ['with Aari Embroidery', 'with Tilla Work'],
    },
    colours: ['Ivory', 'Beige', 'Charcoal', 'Black', 'Coffee Brown', 'Maroon', 'Bottle Green', 'Navy Blue', 'Peach', 'Wine'],
    keywords: ['pashmina', 'kashmir', 'cashmere', 'sozni', 'shawl'],
  },
  {
    name: 'Leheriya',
    slug: 'leheriya',
    motif: 'leheriya',
    palette: 10,
    word: 'Leheriya',
    premium: 0.95,
    description:
      'The wave-dye of Rajasthan: cloth rolled, tied diagonally and dyed again and again so ripples of colour run across it, worn in every monsoon Teej.',
    craft: 'Rolled, tied and resist-dyed by hand in Jaipur and Jodhpur',
    fabrics: {
      saree: ['Georgette', 'Chiffon', 'Kota Doria', 'Cotton'],
      garment: ['Cotton', 'Georgette', 'Chanderi Silk'],
      drape: ['Georgette', 'Chiffon', 'Cotton'],
    },
    features: {
      saree: ['with Gota Patti Border', 'with Zari Pallu'],
      drape: ['with Gota Border', 'with Tassels'],
    },
    keywords: ['leheriya', 'lehariya', 'rajasthan', 'tie and dye', 'teej'],
  },
  {
    name: 'Warli',
    slug: 'warli',
    motif: 'warli',
    palette: 11,
    word: 'Warli',
    premium: 0.9,
    description:
      'The tribal art of the Warli people: circles, triangles and lines in rice-paste white on earth red, telling of harvest dances, hunts and village life.',
    craft: 'Painted by hand by Warli artists in rice-paste white',
    fabrics: { garment: ['Cotton', 'Khadi'], drape: ['Cotton'], home: ['Cotton', 'Jute Cotton'], saree: ['Cotton', 'Tussar Silk'] },
    items: {
      'wall-art': ['Tarpa Dance Painting', 'Harvest Festival Painting', 'Village Life Painting', 'Tree of Life Painting'],
      'pottery-ceramics': ['Painted Terracotta Vase', 'Painted Planter'],
      'decor-accents': ['Painted Key Holder', 'Painted Tray'],
    },
    keywords: ['warli', 'tribal art', 'maharashtra', 'folk painting'],
  },
  {
    name: 'Kantha',
    slug: 'kantha',
    motif: 'paisley',
    palette: 12,
    word: 'Kantha',
    premium: 1,
    description:
      'Running-stitch embroidery from Bengal, first used to layer old saris into quilts; today the stitches draw birds, flowers and whole stories across silk.',
    craft: 'Hand-stitched in running kantha stitch by women of Birbhum',
    fabrics: { saree: ['Tussar Silk', 'Bangalore Silk', 'Cotton'], drape: ['Tussar Silk', 'Silk', 'Cotton'], home: ['Cotton'], garment: ['Cotton', 'Silk'] },
    features: { saree: ['with Nakshi Kantha Pallu', 'with All-Over Kantha'], drape: ['with All-Over Kantha', 'with Bird Motifs'] },
    keywords: ['kantha', 'bengal', 'shantiniketan', 'hand stitched', 'nakshi kantha'],
  },
  {
    name: 'Paithani',
    slug: 'paithani',
    motif: 'brocade',
    palette: 13,
    word: 'Paithani',
    premium: 1.8,
    description:
      'Maharashtra’s queen of silks from Paithan and Yeola: tapestry-woven peacock and lotus pallus and an oblique-square border on kaleidoscopic silk.',
    craft: 'Tapestry-woven by hand in Paithan; the pallu alone takes weeks',
    fabrics: { saree: ['Pure Silk', 'Silk'], garment: ['Silk'], drape: ['Silk'] },
    features: { saree: ['with Peacock Pallu', 'with Muniya Border', 'with Lotus Pallu'], drape: ['with Peacock Motifs'] },
    keywords: ['paithani', 'yeola', 'maharashtra', 'peacock', 'silk'],
  },
  {
    name: 'Chanderi',
    slug: 'chanderi',
    motif: 'jaali',
    palette: 14,
    word: 'Chanderi',
    premium: 1.05,
    description:
      'Sheer, glossy weaves from the town of Chanderi in Madhya Pradesh, silk warp with cotton weft and delicate gold buttis, light as a summer afternoon.',
    craft: 'Handwoven in Chanderi with silk-cotton yarn and zari buttis',
    fabrics: { saree: ['Silk Cotton', 'Pure Silk'], garment: ['Chanderi Silk', 'Silk Cotton'], drape: ['Silk Cotton', 'Chanderi Silk'] },
    features: { saree: ['with Zari Buttis', 'with Nalfera Border'], drape: ['with Zari Buttis'] },
    keywords: ['chanderi', 'madhya pradesh', 'sheer', 'handloom', 'buttis'],
  },
  {
    name: 'Patola',
    slug: 'patola',
    motif: 'ikat',
    palette: 15,
    word: 'Patola',
    premium: 2.2,
    description:
      'Double-ikat silk from Patan in Gujarat, where both warp and weft are dyed to the pattern before weaving; a single saree can take months.',
    craft: 'Double-ikat handwoven in Patan by families who have kept the craft for centuries',
    fabrics: { saree: ['Pure Silk', 'Single Ikat Silk'], drape: ['Pure Silk'] },
    features: { saree: ['with Nari Kunj Motifs', 'with Elephant Motifs', 'with Contrast Border'], drape: ['with Elephant Motifs'] },
    keywords: ['patola', 'patan', 'double ikat', 'gujarat', 'silk'],
  },
  {
    name: 'Ajrakh',
    slug: 'ajrakh',
    motif: 'jaali',
    palette: 0,
    word: 'Ajrakh',
    premium: 1,
    description:
      'Resist block-printing of Kutch and Sindh in indigo and madder red: star-shaped geometry printed on both sides of the cloth through sixteen stages.',
    craft: 'Block-printed on both sides in Ajrakhpur, Kutch, with indigo and madder',
    fabrics: { saree: ['Modal Silk', 'Cotton', 'Mashru Silk'], garment: ['Cotton', 'Modal'], drape: ['Modal Silk', 'Cotton'], home: ['Cotton'] },
    keywords: ['ajrakh', 'kutch', 'indigo', 'natural dye', 'block print'],
  },
  {
    name: 'Zardozi',
    slug: 'zardozi',
    motif: 'jaali',
    palette: 1,
    word: 'Zardozi',
    premium: 1.3,
    description:
      'Embroidery in gold and silver wire, dabka and sequins, worked on a wooden adda frame: the royal finish of Delhi, Agra and Lucknow.',
    craft: 'Hand-embroidered on an adda frame with metal wire, dabka and salma',
    fabrics: { garment: ['Velvet', 'Raw Silk', 'Silk'], drape: ['Velvet', 'Net'], footwear: ['Velvet', 'Leather'] },
    features: {
      garment: ['with Zardozi Collar', 'with Dabka Work', 'with Sequin Work'],
      footwear: ['with Zardozi Embroidery', 'with Pearl Work'],
    },
    keywords: ['zardozi', 'zari', 'embroidery', 'delhi', 'wedding'],
  },
  {
    name: 'Kasavu',
    slug: 'kasavu',
    motif: 'temple',
    palette: 2,
    word: 'Kasavu',
    premium: 1,
    description:
      'Kerala’s handloom white: unbleached cotton with a border of golden zari, worn as the set mundu at Onam and at every temple festival.',
    craft: 'Handwoven in Balaramapuram with zari kasavu borders',
    fabrics: { saree: ['Cotton', 'Tissue Cotton'], garment: ['Cotton', 'Tissue Cotton'], drape: ['Cotton'] },
    features: {
      saree: ['with Gold Border', 'with Mural Print', 'with Temple Border'],
      garment: ['with Gold Border', 'with Mural Print'],
    },
    colours: ['Ivory', 'Off-White', 'Beige'],
    keywords: ['kasavu', 'kerala', 'set mundu', 'onam', 'handloom'],
  },
  {
    name: 'Baluchari',
    slug: 'baluchari',
    motif: 'brocade',
    palette: 3,
    word: 'Baluchari',
    premium: 1.5,
    description:
      'Silk from Bishnupur whose pallus are woven picture-books: scenes of the Mahabharata and courtly life in silk thread and, in the Swarnachari, gold.',
    craft: 'Jacquard-woven in Bishnupur with story panels in the pallu',
    fabrics: { saree: ['Pure Silk', 'Silk'] },
    features: { saree: ['with Mahabharata Pallu', 'with Swarnachari Work', 'with Figurative Pallu'] },
    keywords: ['baluchari', 'bishnupur', 'bengal', 'silk', 'swarnachari'],
  },
  {
    name: 'Muga Silk',
    slug: 'muga-silk',
    motif: 'brocade',
    palette: 4,
    word: 'Muga Silk',
    premium: 1.6,
    description:
      'The golden silk found only in Assam, woven in Sualkuchi into mekhela chadors that grow more lustrous with every wash.',
    craft: 'Handwoven in Sualkuchi from golden muga silk',
    fabrics: { saree: [''], garment: [''], drape: [''] },
    items: { 'silk-sarees': ['Mekhela Chador', 'Saree'], 'wedding-sarees': ['Bridal Mekhela Chador'] },
    features: { saree: ['with Kingkhap Motifs', 'with Jaapi Motifs'] },
    colours: ['Beige', 'Ivory', 'Mustard', 'Maroon', 'Off-White'],
    keywords: ['muga', 'assam', 'mekhela chador', 'sualkuchi', 'golden silk'],
  },
  {
    name: 'Mysore Silk',
    slug: 'mysore-silk',
    motif: 'temple',
    palette: 5,
    word: 'Mysore',
    premium: 1.4,
    description:
      'Pure crepe silk from the looms of Mysuru: soft, light and plain-bodied, finished with a narrow border of real gold zari.',
    craft: 'Woven in Mysuru from pure crepe silk with gold zari',
    fabrics: { saree: ['Crepe Silk', 'Pure Silk'] },
    features: { saree: ['with Gold Zari Border', 'with Contrast Border'] },
    keywords: ['mysore silk', 'karnataka', 'crepe silk', 'zari'],
  },
  {
    name: 'Tussar',
    slug: 'tussar',
    motif: 'herringbone',
    palette: 6,
    word: 'Tussar',
    premium: 1.1,
    description:
      'Wild silk of the forests of Jharkhand, Bihar and Chhattisgarh, with a natural golden sheen and a soft, slubby texture.',
    craft: 'Reeled from wild silk cocoons and handwoven in Bhagalpur and Champa',
    fabrics: { saree: ['Silk', 'Ghicha Silk', 'Kosa Silk'], garment: ['Silk', 'Ghicha Silk'], drape: ['Silk', 'Ghicha Silk'] },
    colours: ['Beige', 'Ivory', 'Mustard', 'Rust', 'Coffee Brown', 'Off-White', 'Maroon', 'Bottle Green'],
    keywords: ['tussar', 'tussar silk', 'bhagalpur', 'kosa', 'wild silk'],
  },
  {
    name: 'Kullu',
    slug: 'kullu',
    motif: 'checks',
    palette: 7,
    word: 'Kullu',
    premium: 0.6,
    description:
      'Woollens of the Kullu valley with bright geometric bands along the ends, woven on pit looms in Himachal villages.',
    craft: 'Handwoven in the Kullu valley with geometric borders',
    fabrics: { drape: ['Wool', 'Fine Wool', 'Angora Wool'], garment: ['Wool', 'Tweed'] },
    features: { drape: ['with Geometric Border', 'with Fringed Ends'], garment: ['with Kullu Border'] },
    keywords: ['kullu', 'himachal', 'woollen', 'shawl', 'kullu shawl'],
  },
  {
    name: 'Tribal Weaves',
    slug: 'tribal-weaves',
    motif: 'checks',
    palette: 8,
    word: 'Tribal Handwoven',
    premium: 0.6,
    description:
      'Backstrap-loom weaves of the North East: Naga warrior shawls, Mizo puans, Manipuri moirang phee and Khasi eri silk, each pattern a clan’s signature.',
    craft: 'Woven on a loin loom by women weavers of the North East',
    fabrics: { drape: ['Cotton', 'Eri Silk', 'Wool'], home: ['Cotton'], garment: ['Cotton'] },
    features: { drape: ['with Clan Motifs', 'with Fringed Ends', 'with Moirang Phee Border'] },
    keywords: ['tribal', 'naga shawl', 'puan', 'eri silk', 'north east'],
  },
  {
    name: 'Kunbi',
    slug: 'kunbi',
    motif: 'checks',
    palette: 9,
    word: 'Kunbi',
    premium: 0.9,
    description:
      'Goa’s red-and-white checked weave of the Kunbi community, revived on handlooms after nearly disappearing.',
    craft: 'Handwoven in Goa in the traditional Kunbi check',
    fabrics: { saree: ['Cotton'], drape: ['Cotton'], home: ['Cotton'] },
    colours: ['Crimson', 'Maroon', 'Sindoori Red', 'Indigo', 'Terracotta'],
    keywords: ['kunbi', 'goa', 'checks', 'handloom'],
  },
  {
    name: 'Kundan',
    slug: 'kundan',
    motif: 'jaali',
    palette: 10,
    word: 'Kundan',
    premium: 1.2,
    description:
      'The jewellery of Rajput and Mughal courts: glass stones set in gold foil, with meenakari enamel on the reverse.',
    craft: 'Stones set by hand in foil, in Jaipur and Delhi workshops',
    fabrics: { jewellery: ['Gold-Plated', 'Antique Gold', '22K Gold-Plated'] },
    features: { jewellery: ['with Pearl Drops', 'with Green Beads', 'with Polki Stones', 'with Meenakari Back'] },
    keywords: ['kundan', 'polki', 'bridal jewellery', 'jaipur'],
  },
  {
    name: 'Meenakari',
    slug: 'meenakari',
    motif: 'mandala',
    palette: 11,
    word: 'Meenakari',
    premium: 1.1,
    description:
      'Enamel in jewel colours fired onto metal, a craft brought to Jaipur by Raja Man Singh and still practised in its old lanes.',
    craft: 'Enamelled by hand and kiln-fired in Jaipur',
    fabrics: { jewellery: ['Gold-Plated', 'Silver-Plated'], craft: ['Brass', 'Copper'] },
    items: {
      'decor-accents': ['Enamelled Box', 'Enamelled Tray', 'Enamelled Coaster Set'],
      'metal-craft': ['Enamelled Elephant Figurine', 'Enamelled Peacock Figurine'],
    },
    keywords: ['meenakari', 'enamel', 'jaipur', 'jewellery'],
  },
  {
    name: 'Temple Jewellery',
    slug: 'temple-jewellery',
    motif: 'temple',
    palette: 12,
    word: 'Temple',
    premium: 1.2,
    description:
      'Jewellery once made to adorn temple deities and Bharatanatyam dancers: Lakshmi coins, peacocks and kemp stones in antique gold.',
    craft: 'Handcrafted in Thanjavur and Nagercoil with kemp stones',
    fabrics: { jewellery: ['Antique Gold', 'Gold-Plated', 'Matte Gold'] },
    features: { jewellery: ['with Kemp Stones', 'with Lakshmi Coins', 'with Peacock Motif', 'with Pearl Drops'] },
    keywords: ['temple jewellery', 'kemp', 'antique', 'south indian', 'bharatanatyam'],
  },
  {
    name: 'Dhokra',
    slug: 'dhokra',
    motif: 'mandala',
    palette: 13,
    word: 'Dhokra',
    premium: 1.1,
    description:
      'Lost-wax metal casting practised for over four thousand years by tribal smiths of Bastar, Bengal and Jharkhand; no two pieces come out alike.',
    craft: 'Cast in brass by the lost-wax process; each mould is broken to free the piece',
    fabrics: { craft: ['Brass', 'Bell Metal'], jewellery: ['Brass', 'Antique Brass'] },
    items: {
      'metal-craft': ['Elephant Figurine', 'Horse Figurine', 'Tribal Musicians Set', 'Owl Figurine', 'Ganesha Idol', 'Nandi Figurine'],
      'lamps-diyas': ['Hanging Diya', 'Deepam', 'Tribal Lamp'],
      'decor-accents': ['Bell Wind Chime', 'Candle Stand'],
    },
    keywords: ['dhokra', 'lost wax', 'bastar', 'tribal art', 'brass'],
  },
  {
    name: 'Blue Pottery',
    slug: 'blue-pottery',
    motif: 'mandala',
    palette: 14,
    word: 'Blue Pottery',
    premium: 1,
    description:
      'Jaipur’s Turko-Persian pottery, made not of clay but of quartz paste, painted in cobalt blue and turquoise and fired at low heat.',
    craft: 'Shaped from quartz paste and hand-painted in Jaipur',
    fabrics: { craft: [''] },
    items: {
      'pottery-ceramics': ['Flower Vase', 'Serving Bowl', 'Wall Plate', 'Planter', 'Tea Cup Set'],
      'decor-accents': ['Door Knobs, Set of 6', 'Soap Dish', 'Coaster Set'],
      'lamps-diyas': ['Tealight Holder', 'Table Lamp Base'],
    },
    colours: ['Cobalt Blue', 'Turquoise', 'Ivory'],
    keywords: ['blue pottery', 'jaipur', 'ceramic', 'turquoise'],
  },
  {
    name: 'Terracotta',
    slug: 'terracotta',
    motif: 'mandala',
    palette: 15,
    word: 'Terracotta',
    premium: 0.9,
    description:
      'Fired clay from Bankura and beyond: the long-necked Bankura horse, votive figures and diyas shaped by potters’ hands.',
    craft: 'Hand-shaped and fired by potters of Bankura',
    fabrics: { craft: [''] },
    items: {
      'metal-craft': ['Bankura Horse', 'Bankura Horse Pair'],
      'pottery-ceramics': ['Vase', 'Planter', 'Water Pot'],
      'lamps-diyas': ['Diya Set', 'Hanging Diya', 'Tealight Holder'],
      'decor-accents': ['Wall Mask', 'Wind Chime'],
    },
    keywords: ['terracotta', 'bankura', 'clay', 'pottery'],
  },
  {
    name: 'Pattachitra',
    slug: 'pattachitra',
    motif: 'madhubani',
    palette: 0,
    word: 'Pattachitra',
    premium: 1.1,
    description:
      'Scroll painting of Raghurajpur in Odisha: Jagannath, Krishna and the epics painted on treated cloth with mineral colours and a fine border.',
    craft: 'Painted in Raghurajpur on treated cloth with natural mineral colours',
    fabrics: { saree: ['Tussar Silk'], drape: ['Tussar Silk', 'Cotton'] },
    items: {
      'wall-art': ['Jagannath Painting', 'Krishna Leela Painting', 'Dashavatara Painting', 'Tree of Life Painting'],
      'decor-accents': ['Painted Coasters', 'Painted Box'],
    },
    keywords: ['pattachitra', 'raghurajpur', 'odisha', 'jagannath', 'scroll painting'],
  },
  {
    name: 'Tanjore',
    slug: 'tanjore',
    motif: 'temple',
    palette: 1,
    word: 'Tanjore',
    premium: 1.5,
    description:
      'Thanjavur’s gilded panel paintings: deities in rich colour raised with gesso and laid with 22-carat gold foil and glass stones.',
    craft: 'Painted on wood with gesso relief and 22-carat gold foil in Thanjavur',
    fabrics: { craft: [''] },
    items: {
      'wall-art': ['Krishna Painting', 'Ganesha Painting', 'Lakshmi Painting', 'Balaji Painting'],
      'decor-accents': ['Gold Foil Box'],
    },
    keywords: ['tanjore', 'thanjavur', 'gold foil', 'painting'],
  },
  {
    name: 'Thangka',
    slug: 'thangka',
    motif: 'mandala',
    palette: 2,
    word: 'Thangka',
    premium: 1.3,
    description:
      'Buddhist scroll paintings of Sikkim and Ladakh: mandalas, Buddhas and the wheel of life in mineral colours, mounted on silk brocade.',
    craft: 'Hand-painted with mineral pigments and mounted on brocade',
    fabrics: { craft: [''] },
    items: {
      'wall-art': ['Mandala Scroll', 'Wheel of Life Scroll', 'Buddha Scroll', 'Green Tara Scroll'],
      'decor-accents': ['Prayer Flag Set', 'Singing Bowl'],
    },
    keywords: ['thangka', 'buddhist', 'sikkim', 'ladakh', 'mandala'],
  },
  {
    name: 'Aipan',
    slug: 'aipan',
    motif: 'mandala',
    palette: 3,
    word: 'Aipan',
    premium: 0.9,
    description:
      'Kumaon’s ritual floor art in white rice paste on red earth, now painted on plaques, trays and diyas.',
    craft: 'Hand-painted by Kumaoni women artists in Almora',
    fabrics: { craft: [''], drape: ['Wool', 'Cotton'], home: ['Cotton'] },
    items: {
      'wall-art': ['Wall Plaque', 'Chowki Painting', 'Lakshmi Chowki Plaque'],
      'decor-accents': ['Painted Tray', 'Painted Coasters'],
      'lamps-diyas': ['Painted Diya Set'],
    },
    keywords: ['aipan', 'kumaon', 'uttarakhand', 'folk art'],
  },
  {
    name: 'Brass Craft',
    slug: 'brass-craft',
    motif: 'mandala',
    palette: 4,
    word: 'Moradabad Brass',
    premium: 1,
    description:
      'The brassware of Moradabad, the Brass City: engraved, embossed and polished by hand into lamps, urlis and figures.',
    craft: 'Cast, engraved and polished by hand in Moradabad',
    fabrics: { craft: [''] },
    items: {
      'metal-craft': ['Urli', 'Ganesha Idol', 'Elephant Figurine', 'Buddha Figurine', 'Pooja Thali Set'],
      'lamps-diyas': ['Akhand Diya', 'Hanging Lantern', 'Kuthu Vilakku', 'Diya Set'],
      'decor-accents': ['Engraved Tray', 'Bell', 'Candle Stand'],
    },
    keywords: ['brass', 'moradabad', 'metal craft', 'pooja'],
  },
  {
    name: 'Channapatna',
    slug: 'channapatna',
    motif: 'checks',
    palette: 5,
    word: 'Channapatna',
    premium: 1,
    description:
      'Lacquered wooden toys from the toy town of Karnataka, turned from ivory-wood and coloured with natural dyes: safe, smooth and bright.',
    craft: 'Turned on a lathe from ivory-wood and finished with natural lacquer',
    fabrics: { craft: ['Wooden', ''] },
    items: {
      'wooden-crafts': ['Spinning Top Set', 'Stacking Rings', 'Toy Train', 'Pull-Along Duck', 'Kitchen Set Toy', 'Dolls Set'],
      'decor-accents': ['Bangle Stand', 'Pen Stand'],
    },
    keywords: ['channapatna', 'wooden toys', 'lacquer', 'karnataka', 'kids'],
  },
  {
    name: 'Kolhapuri',
    slug: 'kolhapuri',
    motif: 'checks',
    palette: 6,
    word: 'Kolhapuri',
    premium: 1,
    description:
      'Hand-stitched leather sandals of Kolhapur, vegetable-tanned and braided, built to mould to the wearer’s foot.',
    craft: 'Vegetable-tanned leather cut and hand-stitched in Kolhapur',
    colours: ['Tan', 'Chocolate Brown', 'Black', 'Maroon'],
    keywords: ['kolhapuri', 'chappal', 'leather', 'kolhapur'],
  },
  {
    name: 'Panja Weave',
    slug: 'panja-weave',
    motif: 'checks',
    palette: 7,
    word: 'Panja',
    premium: 0.9,
    description:
      'Durries woven on a vertical loom and beaten down with a claw-shaped panja, from the weaving towns of Haryana.',
    craft: 'Handwoven on a vertical loom with the panja claw beater',
    fabrics: { home: ['Cotton', 'Wool', 'Jute'] },
    keywords: ['panja', 'durrie', 'panipat', 'handloom', 'rug'],
  },
  {
    name: 'Cane & Bamboo',
    slug: 'cane-bamboo',
    motif: 'jaali',
    palette: 8,
    word: 'Cane',
    premium: 0.9,
    description: 'Baskets, lamps and trays split and woven from cane and bamboo in Tripura, Assam and the islands.',
    craft: 'Split and woven by hand from cane and bamboo',
    fabrics: { craft: [''] },
    items: {
      'lamps-diyas': ['Pendant Lamp', 'Table Lamp', 'Lantern'],
      'decor-accents': ['Storage Basket', 'Serving Tray', 'Fruit Basket', 'Planter Basket'],
      'wooden-crafts': ['Bamboo Toy Set', 'Bamboo Pen Stand'],
    },
    keywords: ['cane', 'bamboo', 'tripura', 'eco friendly', 'basket'],
  },
  {
    name: 'Shell & Coir',
    slug: 'shell-coir',
    motif: 'mandala',
    palette: 9,
    word: 'Island',
    premium: 0.9,
    description:
      'Crafts of the islands and the Malabar coast: coir mats and ropes spun from coconut husk, and shell-work from the Andamans.',
    craft: 'Made by hand from coconut coir and shells on the islands',
    fabrics: { craft: ['Shell', 'Coir', 'Coconut Shell'], home: ['Coir'] },
    items: {
      'decor-accents': ['Wind Chime', 'Mirror Frame', 'Serving Bowl', 'Coaster Set'],
      'lamps-diyas': ['Hanging Lamp', 'Tealight Holder'],
      'rugs-durries': ['Door Mat', 'Runner Mat', 'Floor Mat'],
    },
    keywords: ['coir', 'shell craft', 'coconut', 'andaman', 'lakshadweep'],
  },
];

export function findStyle(slug: string): StyleDef | undefined {
  return STYLES.find((s) => s.slug === slug);
}
