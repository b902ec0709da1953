import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { waitFor, type ActorRefFrom } from 'xstate';
import { TEXT } from '../../domain/text-fr';
import type { CheckoutMachine } from '../../machines/checkout-machine';

type Checkout = ActorRefFrom<CheckoutMachine>;

/**
 * PayPal's own buttons (PayPal SDK, EUR, no shipping): their order is the checkout machine's; the
 * SDK's approval is sent to the machine, which captures the order.
 */
export function PaypalSdkButtons(props: { clientId: string; checkout: Checkout; disabled: boolean }) {
  const { checkout } = props;
  return (
    <PayPalScriptProvider options={{ clientId: props.clientId, currency: 'EUR', intent: 'capture', locale: 'fr_FR' }}>
      <PayPalButtons
        fundingSource="paypal"
        disabled={props.disabled}
        style={{ layout: 'horizontal', tagline: false }}
        createOrder={async () => {
          checkout.send({ type: 'checkout.submit' });
          const snapshot = await waitFor(checkout, (s) => s.matches({ processing: 'awaitingPaypal' }) || s.matches('editing'));
          const orderId = snapshot.context.paypalOrderId;
          if (!snapshot.matches({ processing: 'awaitingPaypal' }) || !orderId) throw new Error(snapshot.context.problem?.message ?? TEXT.requestFailed);
          return orderId;
        }}
        onApprove={async (data) => {
          checkout.send({ type: 'paypal.approve', orderId: data.orderID });
          await waitFor(checkout, (s) => !s.matches({ processing: 'capturingPaypal' }));
        }}
        onCancel={() => checkout.send({ type: 'paypal.cancel' })}
        onError={(error) => checkout.send({ type: 'paypal.fail', message: error instanceof Error && error.message ? error.message : TEXT.requestFailed })}
      />
    </PayPalScriptProvider>
  );
}
