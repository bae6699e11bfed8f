-- Custom SQL migration: trigram similarity for typo-tolerant search (drizzle-kit generate --custom).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
