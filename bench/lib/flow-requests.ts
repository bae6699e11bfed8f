import type { FlowProduct } from "../checkout-flow";

/** A shopper's first add: size S into a new cart, at the price the product page shows. */
export const addToNewCart = (product: FlowProduct, currency = "INR") => ({
  product_pk: product.id,
  size: "S",
  quantity: 1,
  offer_price: product.offerPrice,
  mrp: product.mrp,
  is_direct_buy: false,
  cart_id: null,
  currency,
});
