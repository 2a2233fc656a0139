import { SERVER_ERROR } from './fallback-messages.ts';

/** The spec's user-facing sentences, written once (DESIGN.md, Contract first). */
export const MSG = {
  // generic
  notFound: 'Not found',
  badRequest: 'Invalid request',
  serverError: SERVER_ERROR,
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
  pickupPincodeMissing: 'This seller has no valid pickup pincode, so delivery cannot be estimated',

  // accounts: input (accounts §5)
  invalidMobile: 'Please enter valid mobile',
  invalidMobileNumber: 'Please enter valid mobile number',
  invalidEmail: 'Please enter valid email',
  invalidSignUpEmail: 'Please enter a valid email address (lowercase letters, numbers, and valid email characters only)!',
  invalidLoginInputDialog: 'Invalid input. Please enter mobile number or email',
  invalidLoginInputPage: 'Invalid input. Please enter valid mobile number or email address',
  contactTypeInvalid: "Please choose 'mobile' or 'email' as the type",
  passwordRequired: 'Please enter your password',
  newPasswordRequired: 'Please enter password',
  confirmPasswordRequired: 'Please enter confirm password',
  passwordsDoNotMatch: 'Passwords does not match',
  passwordPolicy: 'Password must be at least 8 characters and contain a letter and a digit',
  passwordTooLong: 'Password must be at most 128 characters',
  otpLength: 'OTP must be of 6 digits',
  firstNameRequired: 'Please enter first name',
  lastNameRequired: 'Please enter last name',
  nameTooLong: 'Names can be at most 50 characters',
  verificationRequired: 'Please verify your OTP first',

  // accounts: OTP (accounts §8)
  otpSent: 'Otp sent successfully',
  otpResent: 'Otp Re sent successfully',
  otpNoAccount: 'No account found. Please sign up',
  otpVerified: 'OTP verified',
  otpDeliveryFailed: 'We could not send the OTP right now. Please try again in a moment',
  otpInvalid: 'Invalid OTP. Please check the code and try again',
  otpExpired: 'This OTP has expired. Please request a new one',
  otpTooManyTries: 'Too many wrong attempts. Please request a new OTP',
  otpNotRequested: 'No OTP is pending for this contact. Please request a new one',
  verificationExpired: 'Your verification has expired. Please verify the OTP again',
  verificationMismatch: 'This verification was for another mobile number or email. Please verify the OTP again',

  // accounts: login, sign-up, recovery, deletion
  loginSuccess: 'Login Successfull!',
  signUpSuccess: 'Your account has been created',
  invalidMobileLogin: 'Incorrect mobile number or password',
  invalidEmailLogin: 'Incorrect email or password',
  accountExistsMobile: 'An account with this mobile number already exists. Please log in',
  accountExistsEmail: 'An account with this email already exists. Please log in',
  mobileTaken: 'This mobile number is already registered with another account',
  emailTaken: 'This email is already registered with another account',
  noAccountMobile: 'No account found with this mobile number',
  noAccountEmail: 'No account found with this email',
  passwordResetDone: 'Password changed. Please log in with your new password',
  invalidUser: 'Invalid User',
  accountDeleted: 'Account deleted successfully',
  loggedOut: 'Logged out successfully',
  sessionExpired: 'Your session has ended. Please log in again',
  googleUnavailable: 'Google sign-in is not available',
  googleFailed: 'Google sign-in failed. Please try again',
  googleCodeExpired: 'This Google sign-in has expired or was already used. Please sign in with Google again',

  // profile (accounts §2.5, §8)
  profileUpdated: 'Your profile has been Updated',
  mobileVerified: 'Mobile Verified Successfully',
  emailVerified: 'Email Verified Successfully',
  mobileReadOnly: 'Your mobile number cannot be changed once set',
  emailReadOnly: 'Your email cannot be changed once set',
  mobileNeedsOtp: 'Please add your mobile number with Verify Mobile',
  emailNeedsOtp: 'Please add your email with Verify Email',
  mobileAlreadyVerified: 'This mobile number is already verified',
  emailAlreadyVerified: 'This email is already verified',
  pictureTooLarge: 'Please select an image smaller than 5MB',
  pictureType: 'Please upload a JPG, PNG or WebP image',
  pictureUnreadable: 'This image could not be read. Please choose another one',

  // share
  linkCopied: 'Link Copied Successfully',

  // reviews (shopping §5, §8)
  reviewThanks: 'Thanks for your review!',
  reviewRemoved: 'Product Review has been removed !',
  reviewExists: 'You have already reviewed this product',
  reviewNotFound: 'Review not found',
  reviewNotYours: 'You can only change or remove your own review',
  reviewOwnProduct: 'Sellers cannot review their own products',
  reviewProductMismatch: 'This review is for another product',
  reviewRatingRequired: 'Please select a rating',
  reviewRatingRange: 'Rating must be from 1 to 5 stars',
  reviewRequired: 'Please write your review',
  reviewTooLong: 'Your review can be at most 2000 characters',

  // cart (shopping §5, §8): which call uses which limit message is noted in schemas/cart.ts
  cartMaxItems: 'Cant add more than 10 items',
  cartMaxQuantities: 'Cant add more than 10 quantities',
  quantityMax: 'Quantity cannot be more than 10',
  quantityMin: 'Quantity cannot be less than 1',
  quantityWhole: 'Quantity must be a whole number',
  outOfStock: 'Product is out of stock now',
  selectSize: 'Please select size',
  selectColor: 'Please select color',
  sizeUnavailable: 'This size is not available for this product',
  colorUnavailable: 'This colour is not available for this product',
  productIdMissing: 'Missing product Id',
  cartLineNotFound: 'This item is no longer in your cart',
  addedToCart: 'Product added to cart',
  cartUpdated: 'Cart updated',
  removedFromCart: 'Product removed from cart',
  cartMerged: 'Your cart has been updated',
  cartMergedCapped: 'Some items were limited by the stock left or the limit of 10 per item',
  cartEmpty: 'Your cart is empty !!',
  cartTooManyAtOnce: 'Too many items to add at once',
  shippingInclusive: 'Shipping & Taxes are inclusive',

  // wishlist (shopping §2, §4)
  wishlistAdded: 'Added to wishlist',
  wishlistRemoved: 'Removed from wishlist',
  wishlistMerged: 'Your wishlist has been updated',
  notInWishlist: 'This product is not in your wishlist',
  wishlistFull: 'Your wishlist is full. Please remove something to add more',
  noWishlist: 'No Wishlist Found',

  // saved addresses (shopping §5 signed-in drawer messages, §8)
  addressAdded: 'Address Added Successfully',
  addressUpdated: 'Address Updated Successfully',
  addressDeleted: 'Address Deleted Successfully',
  addressNotFound: 'Address not found',
  addressCannotBeDeleted: 'This Address Cannot Be Deleted',
  addressDeleteFailed: 'Unable to delete address! Please try again later',
  addressLimit: 'You can save up to 20 addresses. Please delete one to add another',
  noAddress: 'No Address Found',
  firstNameIsRequired: 'Firstname is required',
  lastNameIsRequired: 'Lastname is required',
  mobileIsRequired: 'Mobile number is required',
  mobileTenDigits: 'Mobile number must be 10 digits',
  streetIsRequired: 'Street address is required',
  pincodeIsRequired: 'Pincode is required',
  pincodeSixDigits: 'Pincode must be 6 digits',
  cityIsRequired: 'City is required',
  stateIsRequired: 'State is required',
  addressEmailInvalid: 'Enter a valid email address',
  countryIndiaOnly: 'We deliver only in India',
  cityMismatch: 'City does not match the pincode',
  stateMismatch: 'State does not match the pincode',
  fieldTooLong: 'This field is too long',

  // orders and payment (shopping §4, §5, §8)
  orderPlaced: 'Your order has been placed successfully',
  selectAddress: 'Please select address to checkout',
  orderNotFound: 'Order not found',
  orderCancelled: 'Your order has been cancelled. Any amount paid will be refunded',
  orderPartCancelled: "This seller's items have been cancelled. Any amount paid for them will be refunded",
  orderCannotCancel: 'This order can no longer be cancelled: it has been shipped, delivered or cancelled already',
  orderPartNotFound: 'This seller has no items in this order',
  cancelReasonTooLong: 'Please keep the reason under 300 characters',
  tooManyCodOrders: 'You have several cash-on-delivery orders on their way. Please pay for one on delivery, or pay online for this order',
  tooManyCodPieces: 'Cash on delivery is limited to 20 pieces on their way at once. Please pay online for this order',
  orderNotYours: 'This order belongs to another account',
  invoiceProductNotInOrder: 'This product is not part of the order',
  invoiceNotPaid: 'The invoice will be available once the order is paid',
  invoiceOrderCancelled: 'This order was cancelled, so it has no invoice',
  paymentModeInvalid: 'Please choose Online Payment or Cash on Delivery',
  guestOnlineOnly: 'Guest orders can be paid online only',
  verifyPhone: 'Please Verify the phone no',
  productUnavailable: 'This product is no longer available',
  ownProduct: 'You cannot buy your own product',
  tempProductUnsupported: 'Chat (vendor-made) products cannot be ordered yet. Please order them from the chat when it opens',
  tooManyLines: 'Too many different items in one order (at most 50)',
  tooManyUnpaidOrders: 'You have several orders awaiting payment. Please complete or wait for them to expire (30 minutes)',
  startDateInvalid: 'Please enter the start date as YYYY/MM/DD',
  orderStatusInvalid: 'Please choose pending, confirmed, shipped, delivered or cancelled',
  paymentStartFailed: 'We could not start the payment. Please try again in a moment',
  orderNotAwaitingPayment: 'This order can no longer be paid: it has been paid or cancelled, or its 30 minutes are over',
  orderLinkInvalid: 'This order link is not valid',
  paymentNotFound: 'Payment not found',
  paymentSignatureInvalid: 'This payment could not be verified',
  paymentOutcomeInvalid: "Outcome must be 'success' or 'failure'",
  paymentUnsuccessful: 'Sorry! Payment unsuccessful. Please try later',
  paymentConfirmed: 'Payment Confirmed',
  webhookNotConfigured: 'Payment webhooks are not configured',
  webhookSignatureInvalid: 'Invalid webhook signature',

  // wallet (shopping §4, §5, §8, §9)
  walletMinBalance: 'Wallet balance must be at least ₹300 to use',
  walletMinOrderTotal: 'Order total must exceed ₹500 to use wallet',
  walletRechargeRange: 'Amount should be between 100 and 10,000',
  walletPaymentSuccess: 'Your payment was successfully processed!',
  walletPaymentFailed: 'There was an issue with your payment. Please try again.',
  newUserReward: 'You have received ₹200 as a new user reward!',
  noTransactions: 'No transactions found',

  // contact form and content pages (accounts §5, §8)
  contactNameRequired: 'Please enter your name',
  contactEmailRequired: 'Please enter your email',
  contactQueryRequired: 'Please write your query',
  contactSubjectRequired: 'Please mention the subject of your query',
  contactNameTooLong: 'Please keep your name under 100 characters',
  contactQueryTooLong: 'Please keep your query under 2,000 characters',
  contactSent: 'Thank you for writing to us. We will reply to your email soon.',
  contentKeyUnknown: 'Unknown page',
  contentHtmlRequired: 'Please enter the page text',
  socialPlatformRequired: 'Please enter the platform name',
  socialLinkInvalid: 'Please enter a valid link starting with https://',
  faqQuestionRequired: 'Please enter the question',
  faqAnswerRequired: 'Please enter the answer',

  // Digi chatbot (accounts §4.12, §8)
  chatbotNoAnswer: 'Thank you for your question. Our admin will review it and get back to you soon.',
  chatbotError: 'Sorry, there was an error processing your question. Please try again later.',
  chatbotQuestionRequired: 'Please type your question',
  chatbotQuestionTooLong: 'Please keep your question under 500 characters',
} as const;

export type MessageKey = keyof typeof MSG;

/** 409 when a line would pass the stock of its size, colour or free-size quantity (some is left). */
export const onlyLeftMessage = (left: number) => `Only ${left} left in stock`;

/** 409 when an order status change is not allowed (ORDER_TRANSITIONS). */
export const illegalTransitionMessage = (from: string, to: string) => `An order that is ${from} cannot be moved to ${to}`;

/** 429 on a resend inside the countdown: the seconds left, which the web shows as its countdown. */
export const otpWaitMessage = (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP`;
/** 429 from a rate limit on OTP requests or login attempts. */
export const tooManyRequestsMessage = (what: 'otp' | 'login' | 'verify' | 'reset' | 'contact' | 'chatbot', seconds: number) => {
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  const subject = {
    otp: 'Too many OTP requests',
    login: 'Too many login attempts',
    verify: 'Too many wrong codes',
    reset: 'Too many password reset attempts',
    contact: 'You have sent several messages',
    chatbot: 'Too many questions at once',
  }[what];
  return `${subject}. Please try again in ${wait}`;
};
