import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redact.ts';

describe('redactUrl', () => {
  it('masks the one-time code of the Google success address and keeps the rest', () => {
    expect(redactUrl('/auth/social-login/success/AbC_d-123/token/u-1/userId/user/role')).toBe('/auth/social-login/success/[redacted]/token/u-1/userId/user/role');
  });

  it('masks it in percent-encoded or differently cased spellings of the path', () => {
    expect(redactUrl('/auth/social%2Dlogin/success/secret/token/u/userId/user/role')).toBe('/auth/social-login/success/[redacted]/token/u/userId/user/role');
    expect(redactUrl('/AUTH/Social-Login/Success/secret/token/u')).toBe('/AUTH/Social-Login/Success/[redacted]/token/u');
  });

  it('masks credentials in the query (Google code and state, tokens, OTPs) and keeps other parameters', () => {
    expect(redactUrl('/api/auth/google/callback?code=4/0Ab&state=xyz&scope=email')).toBe('/api/auth/google/callback?code=[redacted]&state=[redacted]&scope=email');
    expect(redactUrl('/x?Token=abc&access_token=def&OTP=123456&page=2')).toBe('/x?Token=[redacted]&access_token=[redacted]&OTP=[redacted]&page=2');
  });

  it('leaves ordinary addresses as they are', () => {
    expect(redactUrl('/api/products/list?page=1&pageSize=16')).toBe('/api/products/list?page=1&pageSize=16');
    expect(redactUrl('/product/banarasi-saree')).toBe('/product/banarasi-saree');
    expect(redactUrl('/%E0%A4%')).toBe('/%E0%A4%');
  });
});
