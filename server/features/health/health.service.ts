import type { Database } from "../../db/client.ts";
import { pingDatabase } from "../../db/client.ts";

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await pingDatabase(db);
    return true;
  } catch {
    return false;
  }
}
