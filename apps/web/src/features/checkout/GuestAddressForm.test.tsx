import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { mockApi, renderAt, reply } from '../../test/render.tsx';
import { GuestAddressForm } from './GuestAddressForm.tsx';

describe('GuestAddressForm', () => {
  it('shows the first problem at its field and focuses it', () => {
    mockApi({});
    renderAt(<GuestAddressForm address={null} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(screen.getByText('Please enter first name')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(screen.getByText('Please Verify the phone no')).toBeTruthy();
  });

  it('verifies the mobile by OTP, locks it and saves the address with its token', async () => {
    const fetchMock = mockApi({
      'guest/send-otp': { otp: 123456, message: 'Otp sent successfully', resendAfter: 60, expiresIn: 600 },
      'guest/verify-otp': { token: 'guest-token', status: true, mobile: '9876543210', expiresIn: 1800 },
      // GET pincode/{pincode} speaks India Post's shape, not our envelope.
      'pincode/110001': reply(200, { Status: 'Success', PostOffice: [{ District: 'New Delhi', State: 'Delhi', Pincode: '110001' }] }),
    });
    const onSaved = vi.fn();
    renderAt(<GuestAddressForm address={null} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Kavya' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Nair' } });
    fireEvent.change(screen.getByLabelText('Street address'), { target: { value: '22 Connaught Place' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '98765 43210' } });
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9876543210');

    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByTestId('demo-otp')).toBeTruthy();
    expect(screen.getByText(/Resend OTP in (1:00|0:5\d)/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resend OTP' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Enter the 6-digit OTP'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByLabelText('Mobile verified')).toBeTruthy();
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).readOnly).toBe(true);
    const verifyCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('guest/verify-otp'))!;
    expect(JSON.parse(String(verifyCall[1]!.body))).toEqual({ type: 'mobile', mobile: '9876543210', otp: 123456 });

    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '110001' } });
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('New Delhi'), { timeout: 2000 });
    expect((screen.getByLabelText('State') as HTMLInputElement).value).toBe('Delhi');

    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
    const stored = storage.getJson<Array<Record<string, unknown>>>(KEYS.guestAddresses, []);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ firstName: 'Kavya', mobile: '9876543210', pincode: 110001, city: 'New Delhi', isOTPVerified: true, guestToken: 'guest-token' });
  });
});
