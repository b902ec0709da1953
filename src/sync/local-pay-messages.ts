import { localPayMessage, type LocalPayMessage } from '../contract/billing';
import { CHECKOUT_TEXT } from '../domain/checkout';

/**
 * The local payment pages (card confirmation, PayPal approval, crypto) tell the app what happened
 * with `postMessage`. Only same-origin messages that the contract decodes are heard.
 */
export function onLocalPayMessage(handler: (message: LocalPayMessage) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const parsed = localPayMessage.safeParse(event.data);
    if (parsed.success) handler(parsed.data);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

/** Resolves when the local confirmation page authenticates this payment; rejects with its error. */
export function awaitLocalConfirmation(clientSecret: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = onLocalPayMessage((message) => {
      if (message.type !== 'confirm.result' || message.clientSecret !== clientSecret) return;
      stop();
      if (message.result.status === 'succeeded') resolve();
      else reject(new Error(message.result.error || CHECKOUT_TEXT.bankError));
    });
    signal.addEventListener('abort', stop, { once: true });
  });
}
