/**
 * Sentences only the web app says (accounts §8, §4.9); everything the server says too is in the contract's MSG.
 */
export const WEB_MSG = {
  /** Under the password after a mobile login refused with 401 (accounts §8). */
  unauthorized: 'Unauthorized',
  /** E-mail OTP answered without a code (accounts §8). */
  otpGenerated: 'OTP Generated',
  fillEmailFirst: 'Please fill email first !',
  formUnderReview: 'Your form is in under review !',
  waitingForApproval: '* Waiting for approval',
} as const;
