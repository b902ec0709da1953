import { buildSchema, GraphQLError } from 'graphql';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { adBanner, upsellBanner } from '../../src/contract/banners';
import { loginInput, registerInput, type AuthResult } from '../../src/contract/user';
import type { AccountServices } from '../accounts/account-services';
import { welcomeNewAccount } from '../accounts/new-account';
import { loadCatalogue } from '../billing/catalogue';
import { categoriesView } from '../learning/formation-catalogue';
import { contentEntryOf } from '../db/content-entries';
import { users } from '../db/schema';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { issueToken } from '../auth/tokens';
import { findUserByIdentifier, isEmailTaken, isUsernameTaken, type UserRow } from '../users/user-queries';
import { recordReferrer } from '../referrals/affiliation-store';
import { LANDING_CONTENT_SDL, landingContentResolvers, type LandingContentDeps } from './landing-content-schema';
import { LIVE_CONTENT_SDL, liveContentResolvers, type LiveContentDeps } from './live-content-schema';

/**
 * The content host's GraphQL schema (spec 1 §7, spec 3 §7): login, register, the shell's banners,
 * the subscription boxes, the formation categories, issue 18's content and subscriptions, and
 * issue 19's socials, landing pages, site links and article publication.
 */
export const contentSchema = buildSchema(
  /* GraphQL */ `
  input UsersPermissionsLoginInput {
    identifier: String!
    password: String!
    provider: String = "local"
  }
  input UsersPermissionsRegisterInput {
    username: String!
    email: String!
    password: String!
  }
  type UsersPermissionsMe {
    id: Int!
    username: String!
    email: String!
  }
  type UsersPermissionsLoginPayload {
    jwt: String!
    user: UsersPermissionsMe!
  }
  type AdBanner {
    datedebut: String!
    datefin: String!
    texte: String!
    textecourt: String
    affichecompteur: Boolean!
    codecoupon: String
    image: String
  }
  type UpsellGroup {
    actif: Boolean!
    texte: String!
    url: String!
    image: String
  }
  type UpsellBanner {
    Prime: UpsellGroup!
    Live: UpsellGroup!
    Illimite: UpsellGroup!
  }
  type Product {
    id: Int!
    libelle_interne: String!
    libelle_public: String!
    nb_mois: Int!
    nb_paiements: Int!
    prix: Float!
    recurrent: Boolean!
  }
  type Offer {
    id: Int!
    libelle: String!
    name: String!
    sslibelle: String!
    prix: Float!
    avantages: String!
    desavantages: String!
    produit_principal: Product!
    produit_optionnel: Product
    produit_inclus: [Product!]!
  }
  type Box {
    id: Int!
    libelle: String!
    Offres: [Offer!]!
  }
  type FormationTitle {
    id: Int!
    title: String!
  }
  type FormationCategoryAttributes {
    title: String!
    ordre: Int!
    "Subscription ids any one of which opens the category; empty: every signed-in member."
    subscriptions: [Int!]!
    formations: [FormationTitle!]!
  }
  type FormationCategory {
    id: Int!
    attributes: FormationCategoryAttributes!
  }
  type Query {
    adBanner: AdBanner
    upsellBanner: UpsellBanner
    boxes: [Box!]!
    "Spec 3 §3: the formation categories by ordre, with their formations' ids and titles (no content)."
    formationCategories: [FormationCategory!]!
  }
  type Mutation {
    login(input: UsersPermissionsLoginInput!): UsersPermissionsLoginPayload
    register(input: UsersPermissionsRegisterInput!): UsersPermissionsLoginPayload
  }
` +
    LIVE_CONTENT_SDL +
    LANDING_CONTENT_SDL,
);

/** Server wordings the client maps to the spec's French messages (spec 1 §8). */
export const INVALID_CREDENTIALS = 'Invalid identifier or password';
export const ALREADY_TAKEN = 'Email or Username are already taken';
export const TOO_MANY_ATTEMPTS = 'Trop de tentatives. Réessayez dans quelques minutes.';

/** Failed sign-ins allowed per address and identifier in 15 minutes. */
export const LOGIN_ATTEMPTS = 10;
const tooMany = () => new GraphQLError(TOO_MANY_ATTEMPTS, { extensions: { code: 'TOO_MANY_REQUESTS' } });

export type ContentContext = {
  ip: string;
  origin: string;
  log: FastifyBaseLogger;
  /** The signed-in member (the HTTP request's bearer token, the WebSocket's connection params), read once when a resolver asks. */
  user: () => Promise<UserRow | null>;
  /** The referral cookies the request carried (`aff`, `affint`): a registration records its referrer. */
  referralCodes: readonly (string | null)[];
};

/** Root resolvers: each field of Query and Mutation, given the request's context. */
export function contentResolvers(services: AccountServices, deps: LiveContentDeps & LandingContentDeps) {
  const { app, db } = services;
  // Failed sign-ins per address and identifier, so an attacker elsewhere cannot lock a member out;
  // a success clears the count.
  const failedLogins = services.limits('failed-logins', { points: LOGIN_ATTEMPTS, seconds: 15 * 60 });
  const registerLimiter = services.limits('registrations', { points: services.registerLimit, seconds: 60 * 60 });

  async function consume(limiter: RateLimiterAbstract, key: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch {
      throw tooMany();
    }
  }

  async function content<T>(type: string, decode: (data: unknown) => T | null): Promise<T | null> {
    const row = await contentEntryOf(db, type, 1);
    return row ? decode(row.data) : null;
  }

  return {
    adBanner: () => content('adBanner', (data) => adBanner.safeParse(data).data ?? null),
    upsellBanner: () => content('upsellBanner', (data) => upsellBanner.safeParse(data).data ?? null),
    boxes: async () => (await loadCatalogue(db)).boxes,
    formationCategories: () => categoriesView(db),
    ...liveContentResolvers(deps),
    ...landingContentResolvers(deps),

    async login(args: { input: unknown }, context: ContentContext): Promise<AuthResult> {
      const input = loginInput.safeParse(args.input);
      if (!input.success) throw new GraphQLError(INVALID_CREDENTIALS);
      const key = `${context.ip}|${input.data.identifier.toLowerCase()}`;
      const record = await failedLogins.get(key);
      if (record !== null && record.consumedPoints >= LOGIN_ATTEMPTS) throw tooMany();
      const user = await findUserByIdentifier(db, input.data.identifier);
      const valid = user !== undefined && (await verifyPassword(user.passwordHash, input.data.password));
      if (!user || !valid) {
        await failedLogins.penalty(key, 1);
        throw new GraphQLError(INVALID_CREDENTIALS);
      }
      await failedLogins.delete(key);
      return { jwt: issueToken(app, user), user: { id: user.id, username: user.username, email: user.email } };
    },

    async register(args: { input: unknown }, context: ContentContext): Promise<AuthResult> {
      const input = registerInput.safeParse(args.input);
      if (!input.success) throw new GraphQLError(input.error.issues[0]?.message ?? 'Invalid input');
      await consume(registerLimiter, context.ip);
      const email = input.data.email.toLowerCase();
      if ((await isEmailTaken(db, email)) || (await isUsernameTaken(db, input.data.username))) {
        throw new GraphQLError(ALREADY_TAKEN);
      }
      const passwordHash = await hashPassword(input.data.password);
      const [created] = await db
        .insert(users)
        .values({ username: input.data.username, email, passwordHash, firstName: input.data.username })
        .onConflictDoNothing()
        .returning();
      // A concurrent registration of the same e-mail or pseudo loses the race cleanly.
      if (!created) throw new GraphQLError(ALREADY_TAKEN);
      // The account exists from here: a failed avatar or e-mail is logged, never a failed sign-up.
      await welcomeNewAccount(services, created, context.origin).catch((error: unknown) => {
        context.log.error({ err: error }, 'welcome of a new account failed');
      });
      await recordReferrer(db, created.id, context.referralCodes).catch((error: unknown) => {
        context.log.error({ err: error }, 'referral of a new account not recorded');
      });
      return { jwt: issueToken(app, created), user: { id: created.id, username: created.username, email: created.email } };
    },
  };
}
