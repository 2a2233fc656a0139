/**
 * Sentences only the web app says (accounts §8); everything the server says too, and the seller application's
 * sentences (MSG.seller*), are in the contract's MSG.
 */
export const WEB_MSG = {
  /** Under the password after a mobile login refused with 401 (accounts §8). */
  unauthorized: 'Unauthorized',
  /** E-mail OTP answered without a code (accounts §8). */
  otpGenerated: 'OTP Generated',
} as const;
