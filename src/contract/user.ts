import { z } from 'zod/mini';

/** Wire dates are ISO-8601 strings; the server always sends UTC with an offset. */
export const isoDate = z.iso.datetime({ offset: true });

export const picture = z.object({ id: z.string(), url: z.string() });
export type Picture = z.infer<typeof picture>;

export const subscriptionEntry = z.object({
  abonnement: z.object({ id: z.int() }),
  expiration: isoDate,
});
export type SubscriptionEntry = z.infer<typeof subscriptionEntry>;

export const billing = z.object({
  name: z.string(),
  address: z.string(),
  address2: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  vat: z.string(),
});
export type Billing = z.infer<typeof billing>;

export const userMetadata = z.object({
  firstName: z.string(),
  lastName: z.string(),
  description: z.string(),
  phoneNumber: z.string(),
  picture: z.nullable(picture),
});

export const userSettings = z.object({
  isNewVIP: z.boolean(),
  displayAvis: z.boolean(),
});

/** The signed-in member as `GET /api/users/me` answers it (spec 1 §3 User). */
export const user = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  metadata: userMetadata,
  tradingview: z.string(),
  billing: z.nullable(billing),
  abonnements: z.array(subscriptionEntry),
  settings: userSettings,
  stripeConnectId: z.nullable(z.string()),
  /** Right to create notifications (spec 1 §6). */
  canWriteNews: z.boolean(),
  /** Staff may post to ALL and send audio and video (spec 2 §6). */
  isStaff: z.boolean(),
});
export type User = z.infer<typeof user>;

export const loginInput = z.object({
  identifier: z.string().check(z.trim(), z.minLength(1)),
  password: z.string().check(z.minLength(1)),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  email: z.string().check(z.trim(), z.email()),
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  password: z.string().check(z.minLength(8)),
});
export type RegisterInput = z.infer<typeof registerInput>;

/** GraphQL login / register answer: jwt and a short user. */
export const authResult = z.object({
  jwt: z.string().check(z.minLength(1)),
  user: z.object({ id: z.int(), username: z.string(), email: z.string() }),
});
export type AuthResult = z.infer<typeof authResult>;
