import { MSG } from '@statewise/contract/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { mockApi, renderAt, reply } from '../../test/render.tsx';
import type { GuestAddress } from './guest-address.ts';
import { GuestAddressForm, type GuestFormHandle } from './GuestAddressForm.tsx';

/** The form with the checkout's one Continue, which completes it through its handle. */
function WithContinue({ onKept }: { onKept: (a: GuestAddress | null) => void }) {
  const handle = useRef<GuestFormHandle>(null);
  return (
    <>
      <GuestAddressForm address={null} handle={handle} />
      <button type="button" onClick={() => void handle.current!.complete().then(onKept)}>
        Continue
      </button>
    </>
  );
}

const delhi = reply(200, { Status: 'Success', PostOffice: [{ District: 'New Delhi', State: 'Delhi', Pincode: '110001' }] });

describe('GuestAddressForm', () => {
  it('asks mobile and pincode first, then city and state, then the name and street', () => {
    mockApi({});
    renderAt(<GuestAddressForm address={null} />);
    const order = [...document.querySelectorAll('input, select')].map((el) => el.getAttribute('name')).filter((n) => n !== 'send-otp');
    expect(order.slice(0, 7)).toEqual(['mobile', 'pincode', 'city', 'state', 'firstName', 'lastName', 'streetAddress']);
  });

  it('shows each problem next to its field and focuses the first, the mobile', async () => {
    mockApi({});
    const onKept = vi.fn();
    renderAt(<WithContinue onKept={onKept} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onKept).toHaveBeenCalledWith(null));
    const mobile = screen.getByLabelText('Mobile number');
    expect(document.getElementById(mobile.getAttribute('aria-describedby')!)!.textContent).toBe('Please enter valid mobile number');
    const first = screen.getByLabelText('First name');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBe('Please enter first name');
    expect(document.activeElement).toBe(mobile);
    // city and state come from the pincode: its own message stands alone
    expect(document.getElementById(screen.getByLabelText('Pincode').getAttribute('aria-describedby')!)!.textContent).toBe('Please enter valid pincode');
    expect(screen.queryByText('Please enter city')).toBeNull();
  });

  it('Continue sends the code once the fields are right, then verifies it and keeps the address with its token', async () => {
    const fetchMock = mockApi({
      'guest/send-otp': { otp: 123456, message: 'Otp sent successfully', resendAfter: 60, expiresIn: 600 },
      'guest/verify-otp': { token: 'guest-token', status: true, mobile: '9876543210', expiresIn: 1800 },
      // GET pincode/{pincode} speaks India Post's shape, not our envelope.
      'pincode/110001': delhi,
    });
    const onKept = vi.fn();
    renderAt(<WithContinue onKept={onKept} />);
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '98765 43210' } });
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9876543210');
    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '110001' } });
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('New Delhi'), { timeout: 2000 });
    expect((screen.getByLabelText('State') as HTMLInputElement).value).toBe('Delhi');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Kavya' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Nair' } });
    fireEvent.change(screen.getByLabelText('Street address'), { target: { value: '22 Connaught Place' } });

    // the first Continue sends the code and waits for it
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('demo-otp')).toBeTruthy();
    await waitFor(() => expect(onKept).toHaveBeenLastCalledWith(null));
    expect(screen.getByText(/Resend OTP in (1:00|0:5\d)/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resend OTP' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Enter the 6-digit OTP')));

    // the second, with the code typed, verifies it and keeps the address
    fireEvent.change(screen.getByLabelText('Enter the 6-digit OTP'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onKept).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: 'Kavya', guestToken: 'guest-token' })));
    expect(await screen.findByLabelText('Mobile verified')).toBeTruthy();
    const verifyCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('guest/verify-otp'))!;
    expect(JSON.parse(String(verifyCall[1]!.body))).toEqual({ type: 'mobile', mobile: '9876543210', otp: 123456 });
    const stored = storage.getJson<Array<Record<string, unknown>>>(KEYS.guestAddresses, []);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ firstName: 'Kavya', mobile: '9876543210', pincode: 110001, city: 'New Delhi', isOTPVerified: true, guestToken: 'guest-token' });
  });

  it('asks for the code at the field when Continue is pressed without it', async () => {
    mockApi({ 'guest/send-otp': { otp: 123456, message: 'Otp sent successfully', resendAfter: 60, expiresIn: 600 }, 'pincode/110001': delhi });
    const onKept = vi.fn();
    renderAt(<WithContinue onKept={onKept} />);
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '110001' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Kavya' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Nair' } });
    fireEvent.change(screen.getByLabelText('Street address'), { target: { value: '22 Connaught Place' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByTestId('demo-otp');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MSG.verifyPhone)).toBeTruthy();
    expect(onKept).toHaveBeenLastCalledWith(null);
  });
});
