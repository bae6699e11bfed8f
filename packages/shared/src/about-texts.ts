/*
 * About us' and Why us' spec lists, apart from messages.ts: in a module of their own so they go with the
 * content pages' chunk instead of every page's (decision 112).
 */

export const WHY_US_POINTS = [
  "Handmade with Love",
  "Preserving Indian Heritage",
  "Versatile Product Range",
  "Locally Sourced Materials",
  "Ethical Fashion & Décor",
  "Handcrafted Luxury at Your Doorstep",
  "Cultural Storytelling Through Design",
] as const;

export const MISSION_POINTS = ["Empowering Artisans", "Sustainable Craftsmanship", "Authentic & High-Quality"] as const;
