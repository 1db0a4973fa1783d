import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { mediaUploads } from "#server/db/schema/publishing.ts";
import type { PostImage } from "#shared/publishing.schemas.ts";
import { PublishingRefusal } from "./refusals.ts";

// The image a post carries (ADR 0086): an image the user uploaded in the composer or one of its
// generations' images, named by its URL with the description the user wrote; or, as before, the
// image of the generation the post came from (ADR 0053). A URL that is not the user's is refused,
// so nobody sends another user's image by guessing its name.

export type StoredPostImage = { imageUrl: string | null; imageAlt: string | null };

export async function postImageOf(
  db: Database,
  userId: string,
  input: { image?: PostImage; archiveEntryId?: string },
): Promise<StoredPostImage> {
  if (input.image) {
    if (!(await ownsImage(db, userId, input.image.url))) throw new PublishingRefusal("IMAGE_NOT_FOUND", 400);
    return { imageUrl: input.image.url, imageAlt: input.image.alt };
  }
  if (input.archiveEntryId) return { imageUrl: await archiveImage(db, userId, input.archiveEntryId), imageAlt: null };
  return { imageUrl: null, imageAlt: null };
}

export async function ownsImage(db: Database, userId: string, url: string): Promise<boolean> {
  const [upload] = await db
    .select({ id: mediaUploads.id })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.userId, userId), eq(mediaUploads.url, url)))
    .limit(1);
  if (upload) return true;
  const [generated] = await db
    .select({ id: archivedPosts.id })
    .from(archivedPosts)
    .where(and(eq(archivedPosts.userId, userId), eq(archivedPosts.imageUrl, url)))
    .limit(1);
  return generated !== undefined;
}

async function archiveImage(db: Database, userId: string, archiveEntryId: string): Promise<string | null> {
  const [entry] = await db
    .select({ imageUrl: archivedPosts.imageUrl })
    .from(archivedPosts)
    .where(and(eq(archivedPosts.id, archiveEntryId), eq(archivedPosts.userId, userId)));
  if (!entry) throw new PublishingRefusal("ARCHIVE_ENTRY_NOT_FOUND", 404);
  return entry.imageUrl;
}
