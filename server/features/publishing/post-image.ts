import { and, eq } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { mediaUploads, type publications } from "#server/db/schema/publishing.ts";
import { signedImageUrl } from "#server/features/uploads/signed-image-links.ts";
import type { PublishImage } from "#server/integrations/social/social-network.ts";
import { imageNameFromPublicUrl } from "#server/integrations/storage/image-storage.ts";
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

/** The generation's image, or [] without one; null when it was meant to go along and is gone. */
export async function imagesOf(
  deps: Pick<AppDeps, "imageStorage" | "env" | "tokenBox">,
  publication: typeof publications.$inferSelect,
): Promise<PublishImage[] | null> {
  if (!publication.imageUrl) return [];
  const name = imageNameFromPublicUrl(publication.imageUrl);
  const file = name ? await deps.imageStorage.read(name) : null;
  if (!file) return null;
  // Networks that fetch the image themselves (Instagram) get a link to this one image (ADR 0097).
  const publicUrl = signedImageUrl(deps, name ?? "");
  return [{ bytes: file.bytes, mimeType: file.contentType, altText: publication.imageAlt ?? "", publicUrl }];
}
