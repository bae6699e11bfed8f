-- Hand-written (issue 13): a code's minimum was in its own currency, or in USD for a code without one.
-- The new min_amount_currency column defaults to USD; codes with a currency keep meaning what they meant.
UPDATE "promo_codes" SET "min_amount_currency" = "currency" WHERE "currency" IN ('INR', 'USD');
