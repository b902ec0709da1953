/** Subscription ids of spec 1 §3. */
export const SUBSCRIPTION = {
  VIP: 3,
  LIVE: 4,
  PRIME: 5,
  MODERATOR: 6,
  PRICE_ONE: 7,
  CHAT_BAN: 8,
  OTHER: 9,
} as const;
export type SubscriptionId = (typeof SUBSCRIPTION)[keyof typeof SUBSCRIPTION];
