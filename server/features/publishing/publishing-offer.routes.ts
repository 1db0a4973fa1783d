import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { NETWORK_IDS, NETWORKS } from "#shared/networks.ts";
import { offerOf, type PublishingOffer } from "#shared/publishing-caps.ts";
import { readCaps } from "./publishing-caps.ts";

// Public: /preise shows what each plan includes for publishing (the operator's caps, ADR 0053),
// read at request time because the operator changes them in the admin area.
export const publishingOfferRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { db, networks } = c.var.deps;
  const offer: PublishingOffer = {
    networks: NETWORK_IDS.map((id) => ({ id, label: NETWORKS[id].label, configured: networks[id].configured })),
    plans: offerOf(await readCaps(db)),
  };
  c.header("Cache-Control", "no-cache");
  return c.json(offer, 200);
});
