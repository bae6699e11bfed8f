/**
 * Media keys: the path of a picture below `/media/` (`products/1001-1.webp`), the same in the folder and
 * in a bucket. Only plain names are keys, so no key can climb out of the folder (`..`), hide (`.env`), or
 * mean different things to a file system and to S3 (`a//b`, `a\b`).
 */
export const MEDIA_URL_PREFIX = "/media/";

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 200;

/** The key itself, or undefined when it is not a plain `folder/name.ext` path. */
export function checkedMediaKey(key: string): string | undefined {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return undefined;
  // A segment never starts with a dot, so "." and ".." cannot occur, nor can a hidden file.
  return key.split("/").every((segment) => SEGMENT.test(segment)) ? key : undefined;
}

/** `/media/products/1001-1.webp` -> `products/1001-1.webp`; throws on anything else (the seed's own URLs). */
export function mediaKeyOfUrl(url: string): string {
  const key = url.startsWith(MEDIA_URL_PREFIX) ? checkedMediaKey(url.slice(MEDIA_URL_PREFIX.length)) : undefined;
  if (!key) throw new Error(`Not a media URL: ${url}`);
  return key;
}

export const mediaUrlOfKey = (key: string): string => `${MEDIA_URL_PREFIX}${key}`;

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
};

/** The type a key's extension names (the local folder keeps no types of its own). */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
