import crypto from "node:crypto";
import path from "node:path";
import type { S3StorageSettings } from "#server/env.ts";
import { createFolderObjectStore } from "./folder-object-store.ts";
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, type ImageType } from "./image-files.ts";
import type { ObjectStore } from "./object-store.ts";
import { createS3ObjectStore, type S3StoreOptions } from "./s3-object-store.ts";

// The `social-images` bucket (spec section 7 "Storage upload to bucket social-images, then get
// the public URL"; docs/design.md, provider table; ADR 0013). The embedded default is a folder under
// $DATA_DIR; with STORAGE_S3_* set it is a bucket on S3-compatible storage (ADR 0027).

const SOCIAL_IMAGES_BUCKET = "social-images";
/** Where the server serves the bucket read-only (`socialImageRoutes` in server/features/uploads/uploads.routes.ts). */
export const SOCIAL_IMAGES_PUBLIC_PATH = `/uploads/${SOCIAL_IMAGES_BUCKET}`;

type StoredImage = { name: string; publicUrl: string };
type ImageFile = { bytes: Uint8Array; contentType: string };
type ImageStream = { body: ReadableStream<Uint8Array>; contentType: string; size: number | undefined };

export type ImageStorage = {
  /** Stores bytes that were already checked and re-encoded (image-files.ts) under a new random name. */
  save(bytes: Uint8Array, type: ImageType): Promise<StoredImage>;
  /** The whole file (data export). null for a name that is not ours or does not exist. */
  read(name: string): Promise<ImageFile | null>;
  /** The file as a stream, for serving it without holding it in memory. null as for `read`. */
  open(name: string): Promise<ImageStream | null>;
  /** Idempotent: removing a missing image is fine (account deletion may run twice). */
  remove(name: string): Promise<void>;
};

// The spec names files "timestamp-filename"; the user's file name is replaced by random
// bytes, so nothing the user chose ends up in a path, an object key or a URL (docs/design.md, ADR 0013).
const IMAGE_NAME = /^(\d{13})-([0-9a-f]{16})\.(jpg|png|webp|gif)$/;
const TYPE_BY_EXTENSION: Record<string, ImageType> = { jpg: "jpeg", png: "png", webp: "webp", gif: "gif" };

function createImageName(type: ImageType, now = Date.now()): string {
  return `${now}-${crypto.randomBytes(8).toString("hex")}.${IMAGE_EXTENSIONS[type]}`;
}

function isImageName(name: string): boolean {
  return IMAGE_NAME.test(name);
}

// The content type follows from the name we handed out, never from what a store reports.
function contentTypeOf(name: string): string | null {
  const extension = IMAGE_NAME.exec(name)?.[3];
  const type = extension ? TYPE_BY_EXTENSION[extension] : undefined;
  return type ? IMAGE_CONTENT_TYPES[type] : null;
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

/** The storage the environment asks for: S3 when STORAGE_S3_* is set (ADR 0027), else the local folder. */
export async function createImageStorage(dataDir: string, s3: S3StorageSettings | null): Promise<ImageStorage> {
  return s3 ? createS3ImageStorage(s3) : createLocalImageStorage(dataDir);
}

export async function createS3ImageStorage(
  settings: S3StorageSettings,
  options?: S3StoreOptions,
): Promise<ImageStorage> {
  return imageStorageOn(await createS3ObjectStore(settings, options));
}

export function createLocalImageStorage(dataDir: string): ImageStorage {
  return imageStorageOn(createFolderObjectStore(path.join(dataDir, "uploads", SOCIAL_IMAGES_BUCKET)));
}

function imageStorageOn(store: ObjectStore): ImageStorage {
  return {
    async save(bytes, type) {
      const name = createImageName(type);
      await store.put(name, bytes, IMAGE_CONTENT_TYPES[type]);
      return { name, publicUrl: publicUrlOf(name) };
    },
    async read(name) {
      const contentType = contentTypeOf(name);
      if (!contentType) return null;
      const bytes = await store.get(name);
      return bytes ? { bytes, contentType } : null;
    },
    async open(name) {
      const contentType = contentTypeOf(name);
      if (!contentType) return null;
      const file = await store.open(name);
      return file ? { ...file, contentType } : null;
    },
    async remove(name) {
      if (!isImageName(name)) return;
      await store.delete(name);
    },
  };
}
