import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, type ImageType } from "./image-files.ts";

// The `social-images` bucket (spec section 7 "Storage upload to bucket social-images, then get
// the public URL"; DESIGN.md "file storage"; ADR 0013). The embedded default is a folder under
// $DATA_DIR; an S3-compatible driver implements the same three methods when it comes.

const SOCIAL_IMAGES_BUCKET = "social-images";
/** Where the server serves the bucket read-only (server/features/generator/social-images.routes.ts). */
export const SOCIAL_IMAGES_PUBLIC_PATH = `/uploads/${SOCIAL_IMAGES_BUCKET}`;

type StoredImage = { name: string; publicUrl: string };
type ImageFile = { bytes: Uint8Array; contentType: string };

export type ImageStorage = {
  /** Stores bytes that were already checked and re-encoded (image-files.ts) under a new random name. */
  save(bytes: Uint8Array, type: ImageType): Promise<StoredImage>;
  /** null for a name that is not ours or does not exist. */
  read(name: string): Promise<ImageFile | null>;
  remove(name: string): Promise<void>;
};

// The spec names files "timestamp-filename"; the user's file name is replaced by random
// bytes, so nothing the user chose ends up in a path or a URL (DESIGN.md "random name").
const IMAGE_NAME = /^(\d{13})-([0-9a-f]{16})\.(jpg|png|webp)$/;
const TYPE_BY_EXTENSION: Record<string, ImageType> = { jpg: "jpeg", png: "png", webp: "webp" };

function createImageName(type: ImageType, now = Date.now()): string {
  return `${now}-${crypto.randomBytes(8).toString("hex")}.${IMAGE_EXTENSIONS[type]}`;
}

function isImageName(name: string): boolean {
  return IMAGE_NAME.test(name);
}

function publicUrlOf(name: string): string {
  return `${SOCIAL_IMAGES_PUBLIC_PATH}/${name}`;
}

/** The name inside a public URL this storage handed out, or null. */
export function imageNameFromPublicUrl(url: string | null): string | null {
  if (!url?.startsWith(`${SOCIAL_IMAGES_PUBLIC_PATH}/`)) return null;
  const name = url.slice(SOCIAL_IMAGES_PUBLIC_PATH.length + 1);
  return isImageName(name) ? name : null;
}

/** The storage the environment asks for; today the local folder (an S3 driver comes with its variables). */
export function createImageStorage(dataDir: string): ImageStorage {
  return createLocalImageStorage(dataDir);
}

export function createLocalImageStorage(dataDir: string): ImageStorage {
  const folder = path.join(dataDir, "uploads", SOCIAL_IMAGES_BUCKET);
  let ready: Promise<unknown> | null = null;
  const ensureFolder = () => {
    ready ??= fs.mkdir(folder, { recursive: true });
    return ready;
  };
  return {
    async save(bytes, type) {
      await ensureFolder();
      const name = createImageName(type);
      // "wx": never overwrite, even in the astronomically unlikely case of a repeated name.
      await fs.writeFile(path.join(folder, name), bytes, { flag: "wx", mode: 0o644 });
      return { name, publicUrl: publicUrlOf(name) };
    },
    async read(name) {
      const match = IMAGE_NAME.exec(name);
      const type = match?.[3] ? TYPE_BY_EXTENSION[match[3]] : undefined;
      if (!type) return null;
      try {
        const bytes = await fs.readFile(path.join(folder, name));
        return { bytes, contentType: IMAGE_CONTENT_TYPES[type] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(name) {
      if (!isImageName(name)) return;
      await fs.rm(path.join(folder, name), { force: true });
    },
  };
}
