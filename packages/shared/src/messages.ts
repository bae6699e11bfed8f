/** The spec's user-facing texts (sections 2, 4, 5 and 8), typed once: screens and tests import them. */
export const MESSAGES = {
  popularProductsTitle: "Aapki khairiyat mein pesh hai!",
  testimonialsTitle: "Inspiring Change: Hear from Our Customers!",
  homeCategoriesLoading: "Loading...",
  homeCategoriesFailed: "Failed to fetch product categories.",
  categoryProductsFailed: "Failed to load products. Please try again later.",
  productDetailFailed: "Failed to load product data. Please try again later.",
  productReviewsFailed: "The reviews could not be loaded. Please try again.",
  blogNotFound: "Blog not found",
  searchFailed: "Unable to fetch search results. Please try again later.",
  searchEmpty: "No results found. Try refining your search.",
  notFoundTitle: "Oops! Page Not Found",
  contactSuccess: "Your query has been submitted successfully.",
  contactHeadline: "How can we help you?",
  promoNotApplied: "Promo code not applied",
  fillRequiredFields: "Please fill in all required fields.",
  selectPaymentMethod: "Please select a payment method.",
  storeCreditAmountAlone: "store_credit_amount is sent only with use_store_credit: true.",
  storeCreditMethodAlone: "Paying with store credit needs use_store_credit: true.",
  fillThisField: "Please fill up this field",
  agreeToTerms: "You must agree to the terms",
  verificationFailed: "Payment verification failed. Please try again.",
  orderCreationFailed: "Error creating order. Please try again.",
  captureFailed: "Payment capture failed. Please try again.",
  paymentFailed: "Payment failed. Please try again or use a different payment method.",
  paymentCancelled: "Payment was cancelled. Please try again if you wish to complete the purchase.",
  unexpectedError: "An unexpected error occurred. Please try again.",
  /** Ours: the heading of the whole-page error (root error boundary), which no page should ever fall into. */
  pageFailedTitle: "Something went wrong",
  /** Ours: lists the spec gives no failure text for; shown inside the page, under its own heading. */
  blogListFailed: "The blog posts could not be loaded. Please try again later.",
  giftCardsFailed: "The gift cards could not be loaded. Please try again later.",
  customerReviewsFailed: "The reviews could not be loaded. Please try again later.",
  cartLoadFailed: "We could not load your cart. Please try again.",
  wishlistLoadFailed: "We could not load your wishlist. Please try again.",
  /** The back-in-stock confirmation page when its link cannot be checked (network, server). */
  stockAlertLinkFailed: "We could not check your link. Please try again.",
  /** A signed link (cart reminder, back-in-stock confirmation) that is forged, altered or too old. */
  linkNotValid: "This link is not valid or has expired.",
  /** The checkout abroad when delivery to the country could not be priced (the quote call failed). */
  shippingQuoteFailed: "We could not price delivery to this country just now. Please try again in a moment.",
  aboutTitle: "A Legacy of Love and Design",
} as const;
