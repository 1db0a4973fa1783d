import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { billingCustomers, companyBillingInfo } from "#server/db/schema/billing.ts";
import type { CheckoutCompany } from "#server/integrations/stripe/stripe-payments.ts";
import type { BillingDeps } from "./billing-plans.service.ts";

// ADR 0023: one Stripe customer per account (`billing_customers`), created at the first Checkout
// and reused for every purchase; a company buyer's details in `company_billing_info`.

export async function customerOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row?.stripeCustomerId ?? null;
}

export async function userOfCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.stripeCustomerId, customerId));
  return row?.userId ?? null;
}

/** Stores the account's customer unless it has one already: the first one stored stays. */
export async function storeCustomer(db: Database, userId: string, customerId: string): Promise<void> {
  await db.insert(billingCustomers).values({ userId, stripeCustomerId: customerId }).onConflictDoNothing();
}

/** The account's Stripe customer, created in Stripe at the first purchase. */
export async function ensureCustomer(deps: BillingDeps, user: { id: string; email: string }): Promise<string> {
  const known = await customerOf(deps.db, user.id);
  if (known) return known;
  if (!deps.payments) throw new Error("Zahlungen sind nicht eingerichtet");
  const created = await deps.payments.createCustomer({ userId: user.id, email: user.email });
  // Two checkouts at once both create a customer; the first one stored wins and is used.
  await storeCustomer(deps.db, user.id, created);
  return (await customerOf(deps.db, user.id)) ?? created;
}

export async function storeCompany(db: Database, userId: string, company: CheckoutCompany): Promise<void> {
  await db
    .insert(companyBillingInfo)
    .values({ userId, ...company })
    .onConflictDoUpdate({ target: companyBillingInfo.userId, set: { ...company } });
}
