/** The spec's user-facing sentences, written once (DESIGN.md, Contract first). */
export const MSG = {
  // generic
  notFound: 'Not found',
  badRequest: 'Invalid request',
  serverError: 'Something went wrong. Please try again later.',
  unauthorized: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  pageInvalid: 'Page must be 1 or more',
  pageSizeInvalid: 'Page size must be between 1 and 100',

  // catalogue
  noProductFound: 'No Product Found',
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  subcategoryNotFound: 'Subcategory not found',
  stateNotFound: 'State not found',
  styleNotFound: 'Style not found',
  vendorNotFound: 'Vendor not found',
  invalidId: 'Invalid id',
  searchRequired: 'Please enter a search term',

  // pincode and delivery
  invalidPincode: 'Please enter valid pincode',
  pincodeNotFound: 'No places found for this pincode',
  pincodeFetched: 'Pincode feched',
  deliveryNotAvailable: 'Delivery not available to this pincode.',
  vendorRequiredForDelivery: 'Please choose a vendor to check delivery',

  // share
  linkCopied: 'Link Copied Successfully',
} as const;

export type MessageKey = keyof typeof MSG;
