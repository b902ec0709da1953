import { z } from 'zod/mini';
import { isoDate } from './user';

/** Ad banner of the content service (spec 1 §3). */
export const adBanner = z.object({
  datedebut: isoDate,
  datefin: isoDate,
  texte: z.string(),
  textecourt: z.nullable(z.string()),
  affichecompteur: z.boolean(),
  codecoupon: z.nullable(z.string()),
  image: z.nullable(z.string()),
});
export type AdBanner = z.infer<typeof adBanner>;

const upsellGroup = z.object({
  actif: z.boolean(),
  texte: z.string(),
  url: z.string(),
  image: z.nullable(z.string()),
});
export type UpsellGroup = z.infer<typeof upsellGroup>;

export const upsellBanner = z.object({ Prime: upsellGroup, Live: upsellGroup, Illimite: upsellGroup });
export type UpsellBanner = z.infer<typeof upsellBanner>;

/** The GraphQL `banners` query: both banners of the shell, each possibly unset. */
export const bannersResponse = z.object({
  adBanner: z.nullable(adBanner),
  upsellBanner: z.nullable(upsellBanner),
});
export type BannersResponse = z.infer<typeof bannersResponse>;
