/** Word lists for the demo's shoppers and their reviews. */

export const SHOPPER_FIRST_NAMES = [
  'Aarav', 'Ananya', 'Priya', 'Rohan', 'Kavya', 'Arjun', 'Meenakshi', 'Siddharth', 'Lakshmi', 'Farhan',
  'Ishita', 'Vikram', 'Nandini', 'Karthik', 'Zoya', 'Harpreet', 'Deepa', 'Aditya', 'Sneha', 'Manoj',
  'Pooja', 'Rahul', 'Divya', 'Suresh', 'Ayesha', 'Gaurav', 'Shreya', 'Anil', 'Bhavna', 'Tenzin',
  'Lalremruati', 'Joseph', 'Fatima', 'Naveen', 'Ritu', 'Sanjay', 'Aparna', 'Imran', 'Gita', 'Prakash',
] as const;

export const SHOPPER_LAST_NAMES = [
  'Sharma', 'Iyer', 'Nair', 'Banerjee', 'Reddy', 'Patel', 'Singh', 'Khan', 'Menon', 'Deshpande',
  'Gill', 'Das', 'Bhat', 'Chatterjee', 'Pillai', 'Joshi', 'Rao', 'Kapoor', 'Mukherjee', 'Verma',
  'Sinha', 'Thomas', 'Kulkarni', 'Ansari', 'Bose', 'Naidu', 'Mishra', 'Kaur', 'Hegde', 'Sangma',
] as const;

/** What the shopper calls the thing, by category slug. */
export const REVIEW_NOUNS: Readonly<Record<string, string>> = {
  sarees: 'saree',
  'kurtas-suits': 'kurta',
  lehengas: 'lehenga',
  'mens-ethnic': 'outfit',
  jewellery: 'piece',
  'handicrafts-decor': 'piece',
  'home-textiles': 'set',
  footwear: 'pair',
  'dupattas-stoles': 'dupatta',
};

/** Comments by star rating; {noun} becomes the thing, {style} its craft. */
export const REVIEW_TEXTS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  5: [
    'Absolutely beautiful {noun}. The {style} work is even finer in person than in the photos.',
    'Exactly as shown, and it arrived well packed with a handwritten thank-you note. Will buy again.',
    'Wore it to my cousin’s wedding and got so many compliments. Worth every rupee.',
    'Third order from this seller and never disappointed. Genuine {style}, lovely finish.',
    'The colour is rich and the fabric feels lovely. Delivered two days before the festival.',
    'Bought it as a gift for my mother; she loved it. Neatly finished, no loose threads.',
    'You can tell it is handmade, in the best way. Small irregularities that make it special.',
  ],
  4: [
    'Lovely {noun}, a shade darker than the photos but still very pretty.',
    'Good quality for the price. Delivery took a day longer than promised.',
    'Nice {style} work. Packaging could have been better, but the {noun} itself is lovely.',
    'Fits well and looks elegant. Would have given five stars if the size chart were clearer.',
    'Very happy overall; the seller answered my questions quickly on chat.',
  ],
  3: [
    'Decent {noun}, but the {style} is not as fine as I had hoped.',
    'The design is nice; the stitching on the edges could be neater.',
    'Okay for the price. The colour was lighter than it looked online.',
  ],
  2: [
    'The colour bled a little in the first wash. Follow the care label strictly.',
    'Looked different from the pictures and took long to arrive.',
  ],
  1: [
    'Not what I expected; the fabric felt thin. I returned it and the refund came through.',
  ],
};
