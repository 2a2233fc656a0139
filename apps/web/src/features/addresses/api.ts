import type { Address, AddressBody, AddressPatchBody } from '@statewise/contract/schemas/address';
import type { PincodeLookup } from '@statewise/contract/schemas/catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiEnvelope, apiRaw } from '../../lib/api.ts';
import { useSession } from '../auth/session.ts';

/** Saved addresses (shopping §7 Address: GET/POST address, GET/PATCH/DELETE address/{id}) and the pincode lookups. */
export type { Address };

export const addressKeys = {
  all: ['address'] as const,
  list: (userId: string | null) => ['address', 'list', userId] as const,
  one: (userId: string | null, id: string) => ['address', 'one', userId, id] as const,
};

/** GET address: the signed-in person's saved addresses. */
export function useAddresses(enabled = true) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: addressKeys.list(userId),
    queryFn: ({ signal }) => api<Address[]>('address', { signal }),
    enabled: enabled && isLoggedIn,
  });
}

/** GET address/{id}: one of them (404 for someone else's or a deleted one). */
export function useAddress(id: string) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: addressKeys.one(userId, id),
    queryFn: ({ signal }) => api<Address>(`address/${encodeURIComponent(id)}`, { signal }),
    enabled: isLoggedIn && id.length > 0,
  });
}

/** POST address (no id) or PATCH address/{id}; the list refreshes after either. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AddressBody | AddressPatchBody }) =>
      id
        ? apiEnvelope<Address>(`address/${encodeURIComponent(id)}`, { method: 'PATCH', body: body as Record<string, unknown> })
        : apiEnvelope<Address>('address', { method: 'POST', body: body as Record<string, unknown> }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

/** DELETE address/{id}. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiEnvelope<unknown>(`address/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

/** Where a pincode is: the district (our address's city) and the state, plus the pincode itself. */
export interface Place {
  pincode: string;
  city: string;
  state: string;
}

/**
 * Reads the India Post shape GET /api/pincode/{pincode} and /api/pincode/nearest answer with (not our envelope):
 * `Status` 'Success' with PostOffice[0].District and .State, or 'Error'. A 400 (a pincode that cannot exist)
 * reads as "no places". Network trouble throws ApiError(0) so the form can tell it apart from an unknown pincode.
 */
async function pincodeCall(path: string, signal?: AbortSignal): Promise<Place | null> {
  let body: PincodeLookup | null;
  try {
    body = await apiRaw<PincodeLookup>(path, { signal });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0) throw err;
    if (err.status === 400 || err.status === 404) return null;
    throw new ApiError(err.status, 'The pincode could not be looked up right now. Please try again.');
  }
  const office = body?.Status === 'Success' ? body.PostOffice?.[0] : undefined;
  return office ? { pincode: office.Pincode, city: office.District, state: office.State } : null;
}

/** GET /api/pincode/{pincode}: city and state of a 6-digit pincode, or null when there is no such place. */
export const lookupPincode = (pincode: string, signal?: AbortSignal) => pincodeCall(`pincode/${encodeURIComponent(pincode)}`, signal);

/** GET /api/pincode/nearest: the pincode in our directory nearest a position (replaces reverse geocoding). */
export const nearestPincode = (latitude: number, longitude: number, signal?: AbortSignal) =>
  pincodeCall(`pincode/nearest?latitude=${latitude}&longitude=${longitude}`, signal);
