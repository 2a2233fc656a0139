/** The least a production start needs (config.ts production checks), with values no test ever sends anywhere. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  DATA_ENCRYPTION_KEY: 'a-production-data-key-of-at-least-32-characters',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_production_env',
  RAZORPAY_KEY_SECRET: 'production-env-secret',
  SMS_PROVIDER: 'msg91',
  SMS_AUTH_KEY: 'msg91-test-key',
  SMS_TEMPLATE_ID: 'otp-template-1',
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
  MAIL_FROM: 'Statewise <no-reply@statewise.test>',
} as const;
