import { MSG } from '@statewise/contract/messages';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useRetryPayment } from './api.ts';

/**
 * Retry payment: a new payment for an order still held (order/retry-payment/{id}); the browser goes to its page.
 * A refusal (paid or expired meanwhile) says why and lets the page read the order again.
 */
export function RetryPaymentButton({ orderId, orderToken, onRefused }: { orderId: string; orderToken: string | null; onRefused?: () => void }) {
  const retry = useRetryPayment();
  const start = () =>
    retry.mutate(
      { orderId, orderToken },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (err) => {
          toast.error(err instanceof ApiError ? err.message : MSG.serverError, { id: 'retry-payment' });
          onRefused?.();
        },
      },
    );
  return (
    <Button size="lg" onClick={start} disabled={retry.isPending || retry.isSuccess}>
      {retry.isPending || retry.isSuccess ? 'Opening the payment…' : 'Retry payment'}
    </Button>
  );
}
