import { z } from 'zod/mini';
import { authResult, billing, picture, user } from './user';

/**
 * The account calls of spec 1 §7 (password reset, confirmation, profile, deletion, notification
 * preferences, contact, captcha, Google sign-in): what each sends and answers. Paths are under
 * `REST_BASE` (API host) or `CONTENT_BASE` (content host), see `hosts.ts`.
 */

/** Every "it worked" answer without a payload. */
export const okAnswer = z.object({ ok: z.literal(true) });
export const successAnswer = z.object({ success: z.literal(true) });

// ---- Public checks (API host) ----

/** `GET /public/is_available?email=` */
export const isAvailableAnswer = z.object({ available: z.boolean() });
export type IsAvailableAnswer = z.infer<typeof isAvailableAnswer>;

/** `GET /public/nb_similar_username?username=`: how many pseudos start like this one (any case). */
export const similarUsernamesQuery = z.object({ username: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) });
export const similarUsernames = z.object({ count: z.int().check(z.minimum(0)) });
export type SimilarUsernames = z.infer<typeof similarUsernames>;

// ---- Captcha ----

/**
 * `GET /public/captcha`: which captcha the one-page registration shows. The local provider (the
 * default) asks a small sum and hands a signed, 5-minute challenge; the client answers with
 * `localCaptchaToken(challenge, answer)` as the `recaptchaToken`. With reCAPTCHA configured, the
 * client runs Google's widget with `siteKey` and sends its token.
 */
export const captchaChallenge = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local'), question: z.string(), challenge: z.string() }),
  z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
]);
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** The local captcha's token: the signed challenge and the member's answer. */
export const localCaptchaToken = (challenge: string, answer: string): string => `${challenge}~${answer.trim()}`;

/** `POST /public/verify-recaptcha` */
export const verifyCaptchaInput = z.object({ recaptchaToken: z.string().check(z.minLength(1), z.maxLength(4000)) });
export type VerifyCaptchaInput = z.infer<typeof verifyCaptchaInput>;
export const verifyCaptchaAnswer = z.object({ success: z.boolean() });
export type VerifyCaptchaAnswer = z.infer<typeof verifyCaptchaAnswer>;

// ---- Password reset and e-mail confirmation (content host) ----

/** `POST /api/auth/forgot-password` → `okAnswer`, or 400 with the unknown-account message. */
export const forgotPasswordInput = z.object({ email: z.string().check(z.trim(), z.email(), z.maxLength(254)) });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

/** `POST /api/auth/reset-password`: the code from the e-mail and the new password twice. */
export const resetPasswordInput = z.object({
  code: z.string().check(z.trim()),
  password: z.string(),
  passwordConfirmation: z.string(),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
/** A reset signs the member in. */
export const resetPasswordAnswer = authResult;
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswer>;

/** `GET /api/auth/email-confirmation?confirmation=` → `okAnswer`, or 400 'Code invalide'. */
export const confirmEmailQuery = z.object({ confirmation: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });
export type ConfirmEmailQuery = z.infer<typeof confirmEmailQuery>;

// ---- Google sign-in (content host) ----

/**
 * `GET /api/connect/google` is a page navigation; the identity provider comes back to the client's
 * `/api/auth/google/callback?id_token=&access_token=`, which calls
 * `GET /api/auth/google/callback` with the same parameters → `authResult`.
 */
export const googleCallbackQuery = z.object({
  id_token: z.string().check(z.minLength(1), z.maxLength(8000)),
  access_token: z._default(z.string().check(z.maxLength(8000)), ''),
});
export type GoogleCallbackQuery = z.infer<typeof googleCallbackQuery>;
export const googleCallbackAnswer = authResult;

// ---- Profile (content host) ----

/** `PUT /api/user/update`: profile fields, or the password change (`previousPassword` and `password`). */
export const updateUserInput = z.object({
  metadata: z.optional(
    z.object({
      firstName: trimmed(100),
      lastName: z._default(trimmed(100), ''),
      description: z._default(trimmed(2000), ''),
      phoneNumber: z._default(trimmed(40), ''),
      /** An upload of the member's (from `POST /api/upload`), or null for no picture. */
      picture: z.optional(z.nullable(picture)),
    }),
  ),
  /** Sent only when the pseudo changed. */
  username: z.optional(trimmed(40)),
  reference: z.optional(trimmed(200)),
  billing: z.optional(billing),
  tradingview: z.optional(trimmed(100)),
  previousPassword: z.optional(z.string()),
  password: z.optional(z.string()),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;
/** The updated user; `jwt` is a fresh token for this session after a password change (the others end). */
export const updateUserAnswer = z.object({ user, jwt: z.optional(z.string()) });
export type UpdateUserAnswer = z.infer<typeof updateUserAnswer>;

/** `POST /api/upload` (multipart, field `files`, images only, 5 MB at most). */
export const uploadAnswer = z.array(picture);
export type UploadAnswer = z.infer<typeof uploadAnswer>;
export const PROFILE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/**
 * `DELETE /users/delete` (API host) `{ password }` → `successAnswer`; every token of the account
 * stops working. The password is asked again, so a stolen token alone cannot erase a member; an
 * account without a password (made with Google) needs a sign-in of the last 15 minutes instead.
 */
export const deleteAccountInput = z.object({ password: z.optional(z.string().check(z.maxLength(200))) });
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;
export const deleteAccountAnswer = successAnswer;
/** `POST /rest/users/logout_everywhere` (ours, issue 23) → `successAnswer`: every token issued so far is refused. */
export const SIGN_OUT_EVERYWHERE_PATH = '/users/logout_everywhere';
export const RECENT_SIGN_IN_MINUTES = 15;
export const DELETE_ACCOUNT_MESSAGES = {
  passwordRequired: 'Saisissez votre mot de passe pour confirmer la suppression',
  wrongPassword: 'Mot de passe incorrect',
  signInAgain: `Pour supprimer ce compte, déconnectez-vous, reconnectez-vous avec Google et recommencez dans les ${RECENT_SIGN_IN_MINUTES} minutes`,
} as const;

// ---- Notification preferences (API host, `/settings/...`) ----

export const notificationChannels = z.object({ mobile: z.boolean(), mail: z.boolean(), web: z.boolean() });
export type NotificationChannels = z.infer<typeof notificationChannels>;

/**
 * The per-event rows of the matrix (spec 1 §2): `new-post` exists but the profile screen does not
 * show it.
 */
export const GLOBAL_NOTIFICATION_KEYS = ['private-message', 'like', 'thread', 'commented-too', 'mentioned-you', 'new-post'] as const;
export type GlobalNotificationKey = (typeof GLOBAL_NOTIFICATION_KEYS)[number];
export const HIDDEN_GLOBAL_NOTIFICATION_KEYS: readonly GlobalNotificationKey[] = ['new-post'];

export const coach = z.object({ _id: z.int(), username: z.string() });
export type Coach = z.infer<typeof coach>;

/**
 * `GET` / `PUT /settings/notifications` (spec 1 §3): the channels of the general row (the coaches'
 * notifications), per room (keyed by room id; every room the member may read), per global key,
 * and the coaches followed.
 */
export const notificationSettings = z.object({
  general: notificationChannels,
  rooms: z.record(z.string(), notificationChannels),
  global: z.object({
    'private-message': notificationChannels,
    like: notificationChannels,
    thread: notificationChannels,
    'commented-too': notificationChannels,
    'mentioned-you': notificationChannels,
    'new-post': notificationChannels,
  }),
  coaches: z.array(coach),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** `GET /settings/coaches`: the staff members one may follow. */
export const coachesResponse = z.array(coach);
export type CoachesResponse = z.infer<typeof coachesResponse>;

/** A key in URL-safe base64 (as `PushSubscription.toJSON()` gives it) of exactly `bytes` bytes. */
export const base64urlKey = (bytes: number, message = `Clé invalide (${bytes} octets en base64 URL attendus)`) =>
  z.string().check(
    z.regex(/^[A-Za-z0-9_-]+={0,2}$/, message),
    z.refine((value) => value.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), message),
  );

/** What `POST /settings/notifications/endpoint` answers to a subscription it cannot use. */
export const PUSH_SUBSCRIPTION_INVALID = "L'abonnement aux notifications Web est invalide";

/**
 * A browser's web-push subscription (`PushSubscription.toJSON()`): the push service's address
 * (always HTTPS) and the browser's keys — a P-256 point (65 bytes) and a 16-byte secret — that the
 * server encrypts each message with.
 */
export const pushSubscription = z.object({
  endpoint: z.url({ protocol: /^https$/ }).check(z.maxLength(2000)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64urlKey(65), auth: base64urlKey(16) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;

/** `POST /settings/notifications/endpoint` (spec 1 §7) → `successAnswer`. */
export const pushEndpointInput = z.object({
  subscription: pushSubscription,
  channel: z.literal('WEB'),
});
export type PushEndpointInput = z.infer<typeof pushEndpointInput>;

/** `GET /public/web-push-key`: the server's VAPID public key, the browser's `applicationServerKey`. */
export const webPushKeyAnswer = z.object({ publicKey: base64urlKey(65) });
export type WebPushKeyAnswer = z.infer<typeof webPushKeyAnswer>;

/**
 * What each web push carries (JSON, encrypted for the browser), shown by the service worker
 * (`src/sw/push-notifications.ts`): a French title and body, and the app's path opened on click.
 */
export const webPushPayload = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  body: z.string().check(z.maxLength(1000)),
  url: z.string().check(z.startsWith('/')),
});
export type WebPushPayload = z.infer<typeof webPushPayload>;

// ---- Contact (API host) ----

const required = (max: number) => z.string().check(z.trim(), z.minLength(1, 'Ce champs est requis'), z.maxLength(max));

/**
 * The subjects the contact form offers (spec 1 §2: a subject select); the server takes no other,
 * so the team can sort what arrives.
 */
export const CONTACT_SUBJECTS = [
  'Mon abonnement',
  'Paiement et facturation',
  'Accès aux rooms et aux notifications',
  'Lives et replays',
  'Formations',
  'Parrainage',
  'Problème technique',
  'Autre demande',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_SUBJECT_UNKNOWN = 'Veuillez choisir un sujet dans la liste';

/**
 * `POST /contact` → `successAnswer`. Signed in, the account's name and e-mail are the ones kept
 * (the form shows them locked).
 */
export const contactInput = z.object({
  subject: z.pipe(required(200), z.enum(CONTACT_SUBJECTS, { error: CONTACT_SUBJECT_UNKNOWN })),
  name: required(100),
  email: required(254).check(z.email("L'adresse email fourni n'est pas valide")),
  message: required(5000),
});
export type ContactInput = z.infer<typeof contactInput>;

/** A profile text: trimmed, then held to `max` characters. */
function trimmed(max: number) {
  return z.string().check(z.trim(), z.maxLength(max));
}
