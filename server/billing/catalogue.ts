import { asc, eq } from 'drizzle-orm';
import type { Box, Country, NewPrices, Offer, Product } from '../../src/contract/billing';
import type { Billing } from '../../src/contract/user';
import { BILLING_TEXT } from '../../src/contract/billing';
import { fromCents, vatRate } from '../../src/domain/pricing';
import type { Database } from '../db/open-database';
import { billingBoxes, billingOffers, billingProducts, countries, coupons } from '../db/schema';

export type ProductRow = typeof billingProducts.$inferSelect;

export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  libelle_interne: row.libelleInterne,
  libelle_public: row.libellePublic,
  nb_mois: row.nbMois,
  nb_paiements: row.nbPaiements,
  prix: fromCents(row.prixCents),
  recurrent: row.recurrent,
});

/** An offer of the catalogue with the rows of its products (what they grant is only on the server). */
export type CatalogueOffer = { boxId: number; offer: Offer; products: ReadonlyMap<number, ProductRow> };

/** The boxes and their offers in display order (GraphQL `boxes`), with the products' rows. */
export async function loadCatalogue(db: Database): Promise<{ boxes: Box[]; offers: CatalogueOffer[] }> {
  const [boxRows, offerRows, productRows] = await Promise.all([
    db.select().from(billingBoxes).orderBy(asc(billingBoxes.position), asc(billingBoxes.id)),
    db.select().from(billingOffers).orderBy(asc(billingOffers.position), asc(billingOffers.id)),
    db.select().from(billingProducts),
  ]);
  const products = new Map(productRows.map((row) => [row.id, row]));
  const productOf = (id: number): Product => {
    const row = products.get(id);
    if (!row) throw new Error(`produit ${id} introuvable`);
    return toProduct(row);
  };
  const offers: CatalogueOffer[] = offerRows.map((row) => ({
    boxId: row.boxId,
    products,
    offer: {
      id: row.id,
      libelle: row.libelle,
      name: row.name,
      sslibelle: row.sslibelle,
      prix: fromCents(row.prixCents),
      avantages: row.avantages,
      desavantages: row.desavantages,
      produit_principal: productOf(row.mainProductId),
      produit_optionnel: row.optionalProductId === null ? null : productOf(row.optionalProductId),
      produit_inclus: row.includedProductIds.map(productOf),
    },
  }));
  const boxes = boxRows.map((box) => ({
    id: box.id,
    libelle: box.libelle,
    Offres: offers.filter((o) => o.boxId === box.id).map((o) => o.offer),
  }));
  return { boxes, offers };
}

export async function findOffer(db: Database, boxId: number, offerId: number): Promise<CatalogueOffer | null> {
  const { offers } = await loadCatalogue(db);
  return offers.find((o) => o.boxId === boxId && o.offer.id === offerId) ?? null;
}

/** The product the upgrade to VIP + Live sells. */
export async function upgradeProduct(db: Database): Promise<ProductRow | null> {
  const [row] = await db.select().from(billingProducts).where(eq(billingProducts.upgrade, true)).orderBy(asc(billingProducts.id)).limit(1);
  return row ?? null;
}

export async function loadCountries(db: Database): Promise<Country[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.nameFr));
  return rows.map((row) => ({ code: row.code, name_fr: row.nameFr, tva: row.tva, tva_entreprise: row.tvaEntreprise }));
}

/** The VAT rate of a member's billing information (spec 1 §9). */
export async function vatOf(db: Database, billing: Pick<Billing, 'country' | 'vat'> | null): Promise<number> {
  return vatRate(await loadCountries(db), billing);
}

/** A coupon's new prices, or the reason it cannot be used now. */
export async function couponPrices(db: Database, code: string, now: Date): Promise<{ newPrices: NewPrices } | { error: string }> {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return { error: BILLING_TEXT.couponInvalid };
  const [row] = await db.select().from(coupons).where(eq(coupons.code, wanted)).limit(1);
  if (!row) return { error: BILLING_TEXT.couponInvalid };
  const t = now.getTime();
  const running = (row.startsAt === null || row.startsAt.getTime() <= t) && (row.endsAt === null || t < row.endsAt.getTime());
  if (!running) return { error: BILLING_TEXT.couponExpired };
  return { newPrices: row.newPrices };
}
