/** The 8 fixed home-page testimonials (spec: each rated 4 or 5) and the customer reviews page. */
export interface TestimonialSeed {
  name: string;
  rating: number;
  message: string;
}

export interface ReviewSeed {
  name: string;
  location: string;
  rating: number;
  title: string;
  body: string;
  /** Name of the seeded product the review is about, if any. */
  productName?: string;
}

export const TESTIMONIALS: readonly TestimonialSeed[] = [
  { name: "Ananya Sharma", rating: 5, message: "The indigo dabu dress is even lovelier in person, and the cotton gets softer every wash. You can see the tiny irregularities of the hand block, which is exactly why I bought it." },
  { name: "Emily Carter", rating: 5, message: "My kantha cushion covers arrived in Seattle in nine days, wrapped in paper and tied with cotton string. They have brought so much warmth to our grey sofa." },
  { name: "Rohan Mehta", rating: 5, message: "Ordered an Ajrakh Nehru jacket for my brother's wedding and got compliments all evening. The fit was spot on and the team helped me pick the right size over chat." },
  { name: "Sophie Laurent", rating: 4, message: "The jute braided rug is sturdy and beautifully made, with a lovely natural smell. Shipping to Lyon took a little longer than expected, but it was worth the wait." },
  { name: "Priya Nair", rating: 5, message: "I have bought block print fabric from many places, and this is the real thing from Bagru. The colours did not bleed after the first cold wash, just as the care card promised." },
  { name: "James O'Connor", rating: 4, message: "We furnished our holiday cottage with their bedcovers and table runners. Every guest asks where they came from, and I love telling them about the artisans in Jaipur." },
  { name: "Meera Iyer", rating: 5, message: "The mul cotton kaftan is the most comfortable thing I own for Chennai summers. Light, breathable and the Sanganeri florals are so delicate." },
  { name: "Hannah Müller", rating: 4, message: "Beautiful mirror work toran, now hanging over our front door in Berlin. The little mirrors catch the evening light wonderfully." },
];

export const CUSTOMER_REVIEWS: readonly ReviewSeed[] = [
  { name: "Kavya Reddy", location: "Hyderabad, India", rating: 5, title: "Softest maxi dress", body: "The dabu print is crisp and the indigo is deep without rubbing off. I wore it to a family lunch and three cousins asked for the link.", productName: "Indigo Dabu Print Cotton Maxi Dress" },
  { name: "Laura Bennett", location: "London, United Kingdom", rating: 5, title: "My holiday uniform", body: "Lived in this kaftan for two weeks in Goa. Washes well, dries in an hour and still looks smart for dinner.", productName: "Block Print Cotton Kaftan" },
  { name: "Arjun Kapoor", location: "New Delhi, India", rating: 4, title: "Good quality cushion covers", body: "The running stitch is neat and even. I would love a larger size for floor cushions, but these are lovely.", productName: "Kantha Stitch Cushion Cover" },
  { name: "Olivia Brown", location: "Austin, United States", rating: 5, title: "Rug looks expensive", body: "The braided jute rug anchors our living room. It sheds a little at first, which the description warned about, and then settles down.", productName: "Jute Braided Rug" },
  { name: "Neha Gupta", location: "Pune, India", rating: 4.5, title: "Perfect festive co-ord", body: "The Bagru print set fits true to size and the pants have real pockets. Delivery took six days.", productName: "Bagru Print Cotton Co-ord Set" },
  { name: "Thomas Schmidt", location: "Munich, Germany", rating: 4, title: "Elegant jacket", body: "The Ajrakh pattern is rich and the tailoring is clean. Customs charges were extra, as the shipping page says.", productName: "Ajrakh Print Nehru Jacket" },
  { name: "Isabella Rossi", location: "Milan, Italy", rating: 5, title: "Table runner for every season", body: "The indigo runner looks wonderful on our oak table. Ironed on the reverse it lies completely flat.", productName: "Indigo Dabu Cotton Table Runner" },
  { name: "Siddharth Rao", location: "Bengaluru, India", rating: 4.5, title: "Great kurta for office", body: "Breathable, well stitched and the block print is subtle enough for work. Ordering a second colour.", productName: "Hand Block Print Men's Cotton Kurta" },
  { name: "Chloe Martin", location: "Paris, France", rating: 5, title: "Fabric of dreams", body: "I made two summer dresses from the Sanganeri fabric. The print is so fine that people assume it is screen printed until I show them the block marks.", productName: "Sanganeri Floral Hand Block Print Fabric" },
  { name: "Aditi Joshi", location: "Mumbai, India", rating: 4, title: "Sweet pajama set for my son", body: "Soft cotton and lovely buttons. The size M was slightly long but he will grow into it.", productName: "Kids Block Print Cotton Pajama Set" },
  { name: "Grace Wilson", location: "Sydney, Australia", rating: 5, title: "Tote that does everything", body: "Carries my laptop, lunch and a book. The block printed pocket is a charming touch.", productName: "Jute Tote Bag with Block Print Pocket" },
  { name: "Fatima Sheikh", location: "Lucknow, India", rating: 5, title: "Bandhani done right", body: "You can feel the tiny knots in the silk. The colours are bright and cheerful, perfect for Teej.", productName: "Bandhani Silk Sash" },
  { name: "Daniel Kim", location: "Toronto, Canada", rating: 4.5, title: "Bedcover brightened our room", body: "Light enough for summer and the florals are delicate. It came folded with a handwritten thank-you note.", productName: "Sanganeri Floral Hand Block Print Bedcover" },
  { name: "Ritu Agarwal", location: "Kolkata, India", rating: 5, title: "Wall hanging is stunning", body: "The mandala print is centred perfectly and the colours match our terracotta walls.", productName: "Mandala Block Print Wall Hanging" },
  { name: "Sarah Thompson", location: "Edinburgh, United Kingdom", rating: 4, title: "Lovely crop top", body: "The little mirrors are securely stitched and it washes fine by hand. Runs a touch small across the shoulders.", productName: "Mirror Work Cotton Crop Top" },
  { name: "Vikram Singh", location: "Jaipur, India", rating: 5, title: "Proud to support local artisans", body: "Visited their workshop and then ordered online. Same quality, same warmth, delivered the next day within Jaipur." },
  { name: "Emma Johansson", location: "Stockholm, Sweden", rating: 4.5, title: "Careful packaging", body: "Everything arrived plastic-free and beautifully folded. The palazzo pants are now my favourite.", productName: "Hand Block Print Cotton Palazzo Pants" },
  { name: "Pooja Verma", location: "Chandigarh, India", rating: 5, title: "Quick help on WhatsApp", body: "I was unsure about a size and the team replied within minutes. The exchange was effortless." },
  { name: "Michael Davis", location: "Chicago, United States", rating: 4, title: "Gift for my wife", body: "She loved the colours and the story card about the printers. Tracking updates could be more frequent." },
  { name: "Anjali Menon", location: "Kochi, India", rating: 5, title: "Genuine natural dyes", body: "No chemical smell at all, and the dyes have mellowed beautifully after several washes." },
  { name: "Lucas Silva", location: "Lisbon, Portugal", rating: 4.5, title: "Parasol is a showpiece", body: "The printed garden umbrella gets compliments from every neighbour. Sturdy frame too.", productName: "Block Print Cotton Garden Umbrella" },
  { name: "Shreya Banerjee", location: "Kolkata, India", rating: 5, title: "Kantha like my grandmother's", body: "The quilted robe reminded me of the kanthas at home. Soft, warm and perfectly stitched.", productName: "Kantha Quilted Cotton Robe" },
  { name: "Charlotte Evans", location: "Auckland, New Zealand", rating: 4, title: "Worth the long journey", body: "Took three weeks to reach New Zealand, but the cushion covers were worth every day of waiting.", productName: "Indigo Dabu Cushion Cover" },
  { name: "Karan Malhotra", location: "Gurugram, India", rating: 5, title: "Best pajama set", body: "Breathable khadi, a proper drawstring and deep pockets. Bought one for my father too.", productName: "Khadi Cotton Lounge Pajama Set" },
];
