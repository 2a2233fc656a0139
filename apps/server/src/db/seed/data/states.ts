import type { ArtMotif } from '../../../lib/art/url.ts';

/**
 * The 36 states and union territories, named exactly as the pincode directory writes them (PINCODES.md), so a
 * vendor's state, an address's state and the region filter all agree. Listed in the order the regions tab
 * shows them: the best-known craft states first.
 */
export interface StateDef {
  name: string;
  slogan: string;
  /** The pattern drawn on the state's card: its best-known craft. */
  motif: ArtMotif;
  palette: number;
  /** The two-digit GST state code (first two characters of a GSTIN registered there). */
  gstCode: string;
}

export const STATES: readonly StateDef[] = [
  { name: 'Rajasthan', slogan: 'Where every thread tells a royal tale', motif: 'leheriya', palette: 0, gstCode: '08' },
  { name: 'Uttar Pradesh', slogan: 'Zari from Kashi, chikan from the lanes of Lucknow', motif: 'brocade', palette: 1, gstCode: '09' },
  { name: 'Gujarat', slogan: 'Tied, dyed and mirrored in the colours of Kutch', motif: 'bandhani', palette: 2, gstCode: '24' },
  { name: 'Tamil Nadu', slogan: 'Temple borders woven in pure Kanchi silk', motif: 'temple', palette: 3, gstCode: '33' },
  { name: 'West Bengal', slogan: 'Stories stitched in kantha, woven in Baluchari', motif: 'paisley', palette: 4, gstCode: '19' },
  { name: 'Jammu & Kashmir', slogan: 'The warmth of the valley in every pashmina', motif: 'herringbone', palette: 5, gstCode: '01' },
  { name: 'Punjab', slogan: 'Phulkari blooms and juttis that dance', motif: 'phulkari', palette: 6, gstCode: '03' },
  { name: 'Odisha', slogan: 'Ikat woven thread by thread, pattachitra brushed by hand', motif: 'ikat', palette: 7, gstCode: '21' },
  { name: 'Maharashtra', slogan: 'Paithani peacocks and Kolhapuri grit', motif: 'warli', palette: 8, gstCode: '27' },
  { name: 'Kerala', slogan: 'Kasavu gold on handloom white', motif: 'temple', palette: 9, gstCode: '32' },
  { name: 'Karnataka', slogan: 'Mysore silk and the lacquered toys of Channapatna', motif: 'temple', palette: 10, gstCode: '29' },
  { name: 'Andhra Pradesh', slogan: 'Kalamkari drawn with a pen of bamboo', motif: 'paisley', palette: 11, gstCode: '37' },
  { name: 'Telangana', slogan: 'Pochampally ikat, geometry on the loom', motif: 'ikat', palette: 12, gstCode: '36' },
  { name: 'Bihar', slogan: 'Mithila walls turned into Madhubani art', motif: 'madhubani', palette: 13, gstCode: '10' },
  { name: 'Madhya Pradesh', slogan: 'Chanderi sheer as a morning in Malwa', motif: 'jaali', palette: 14, gstCode: '23' },
  { name: 'Assam', slogan: 'Golden Muga silk from the looms of Sualkuchi', motif: 'brocade', palette: 15, gstCode: '18' },
  { name: 'Himachal Pradesh', slogan: 'Kullu shawls knitted with mountain patience', motif: 'checks', palette: 0, gstCode: '02' },
  { name: 'Delhi', slogan: 'Zardozi that shines brighter than Chandni Chowk', motif: 'jaali', palette: 1, gstCode: '07' },
  { name: 'Ladakh', slogan: 'Changthangi pashmina from the roof of the world', motif: 'herringbone', palette: 2, gstCode: '38' },
  { name: 'Haryana', slogan: 'Panja durries woven in the looms of Panipat', motif: 'checks', palette: 3, gstCode: '06' },
  { name: 'Chhattisgarh', slogan: 'Dhokra cast in the ancient lost-wax way', motif: 'mandala', palette: 4, gstCode: '22' },
  { name: 'Jharkhand', slogan: 'Wild tussar silk with a forest glow', motif: 'herringbone', palette: 5, gstCode: '20' },
  { name: 'Goa', slogan: 'Kunbi checks with a coastal breeze', motif: 'checks', palette: 6, gstCode: '30' },
  { name: 'Uttarakhand', slogan: 'Aipan art from the hills of Kumaon', motif: 'mandala', palette: 7, gstCode: '05' },
  { name: 'Chandigarh', slogan: 'Modern city, timeless phulkari', motif: 'phulkari', palette: 8, gstCode: '04' },
  { name: 'Dadra & Nagar Haveli & Daman & Diu', slogan: 'Warli tales painted in rice white', motif: 'warli', palette: 9, gstCode: '26' },
  { name: 'Sikkim', slogan: 'Thangka colours of the Himalayan monasteries', motif: 'mandala', palette: 10, gstCode: '11' },
  { name: 'Nagaland', slogan: 'Warrior shawls with tribal pride', motif: 'checks', palette: 11, gstCode: '13' },
  { name: 'Manipur', slogan: 'Moirang phee and the looms of Imphal', motif: 'checks', palette: 12, gstCode: '14' },
  { name: 'Meghalaya', slogan: 'Eri silk, soft as the clouds of the hills', motif: 'herringbone', palette: 13, gstCode: '17' },
  { name: 'Mizoram', slogan: 'Puan weaves in bold Mizo stripes', motif: 'checks', palette: 14, gstCode: '15' },
  { name: 'Arunachal Pradesh', slogan: 'Where the sun first lights the loom', motif: 'ikat', palette: 15, gstCode: '12' },
  { name: 'Tripura', slogan: 'Bamboo and cane shaped by skilled hands', motif: 'jaali', palette: 0, gstCode: '16' },
  { name: 'Puducherry', slogan: 'French lanes, Tamil looms, hand-printed calm', motif: 'paisley', palette: 1, gstCode: '34' },
  { name: 'Andaman & Nicobar Islands', slogan: 'Island crafts of shell, cane and coconut', motif: 'mandala', palette: 2, gstCode: '35' },
  { name: 'Lakshadweep', slogan: 'Coir and coral-island crafts from the lagoons', motif: 'checks', palette: 3, gstCode: '31' },
];
