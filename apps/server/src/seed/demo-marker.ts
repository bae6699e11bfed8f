/** The install setting that records when the demo catalogue was first loaded (read at every start). */
export const DEMO_SEEDED_KEY = "demo_catalogue_seeded_at";
