/**
 * The pool the demo's product reviews are drawn from (seed/reviews.ts): a few believable lines per kind of
 * piece and per mood, Indian first names with an initial, and the cities the shop ships to most.
 */
import type { ProductKind } from "./types";

export const REVIEWER_NAMES = [
  "Aarti S.", "Neha K.", "Pooja R.", "Divya M.", "Sneha P.", "Ritika J.", "Kavita D.", "Shalini G.",
  "Anjali V.", "Meenakshi T.", "Farah Q.", "Simran B.", "Rahul A.", "Vikram C.", "Arjun N.", "Karan L.",
  "Siddharth W.", "Nikhil H.", "Imran F.", "Lakshmi U.", "Gauri O.", "Tanvi Y.", "Harpreet E.", "Deepa Z.",
];

export const REVIEWER_CITIES = [
  "Jaipur", "Mumbai", "Delhi", "Bengaluru", "Pune", "Chennai", "Hyderabad", "Kolkata", "Ahmedabad",
  "Lucknow", "Chandigarh", "Kochi", "Indore", "Udaipur", "Goa", "Bhopal",
];

type Mood = "loved" | "liked" | "mixed";
interface Line {
  title: string;
  body: string;
}

const GENERAL: Record<Mood, readonly Line[]> = {
  loved: [
    { title: "Beautiful work", body: "The hand block print is crisp and the colours are exactly as in the photos. You can tell it was made with care." },
    { title: "Even better in person", body: "Photos do not do it justice. The texture and the small irregularities of the handwork make it special." },
    { title: "Will order again", body: "Packed neatly, arrived before the promised date, and the quality is lovely. Already planning my next order." },
    { title: "Perfect gift", body: "Bought this as a gift and it was a hit. The finishing is neat and it came wrapped beautifully." },
  ],
  liked: [
    { title: "Good quality", body: "Nice fabric and good stitching. The colour is a shade lighter than on my screen, but I like it." },
    { title: "Worth the price", body: "Well made and true to the description. Delivery took a couple of days longer than I hoped." },
    { title: "Pretty and practical", body: "Looks lovely and washes well. The first wash let out a little colour, as the care card said it might." },
  ],
  mixed: [
    { title: "Nice, but not perfect", body: "The print is pretty but one edge had a loose thread. Customer care replied quickly and offered help." },
    { title: "Okay overall", body: "Decent piece, though the colour was duller than I expected from the photos." },
  ],
};

const GARMENT: Record<Mood, readonly Line[]> = {
  loved: [
    { title: "So comfortable", body: "Soft cotton that breathes in the heat. I have worn it three times this week already." },
    { title: "Lovely fit", body: "Fits exactly as the size chart says, and the fall of the fabric is graceful. Got so many compliments." },
  ],
  liked: [{ title: "Nice everyday wear", body: "Comfortable and easy to wash. The sleeves are a little longer than I expected." }],
  mixed: [{ title: "Check the size chart", body: "The fabric is lovely, but it was not quite the fit I expected. Compare with the size chart before ordering." }],
};

const HOME: Record<Mood, readonly Line[]> = {
  loved: [
    { title: "Brightens the room", body: "It has changed the whole look of our living room. The colours are warm and rich." },
    { title: "Sturdy and beautiful", body: "Heavier and better made than I expected. Guests always ask where it came from." },
  ],
  liked: [{ title: "Nice addition", body: "Looks good in our bedroom and the fabric feels durable. A little creased on arrival." }],
  mixed: [{ title: "Smaller than I thought", body: "Well made, but check the dimensions: it was smaller than I pictured." }],
};

export function reviewLines(kind: ProductKind, mood: Mood): readonly Line[] {
  const own = kind === "home" ? HOME : kind === "garment" || kind === "kids" ? GARMENT : undefined;
  return [...GENERAL[mood], ...(own?.[mood] ?? [])];
}

export type { Mood as ReviewMood };
