import { createReadStream } from "node:fs";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { checkedMediaKey, contentTypeOfKey } from "./keys";
import type { MediaConditions, MediaStore } from "./storage";

/** `products/1001-1.webp` -> `<dir>/products/1001-1.webp`, refusing keys that are not plain or escape the folder. */
export function mediaFilePath(dir: string, key: string): string {
  const root = resolve(dir);
  const file = resolve(root, checkedMediaKey(key) ?? "..");
  const rel = relative(root, file);
  if (rel.startsWith("..") || rel === "") throw new Error(`Media key escapes the media folder: ${key}`);
  return file;
}

/** A validator like the one @fastify/static sends for the same file, so both ways of serving agree. */
const etagOf = (size: number, mtime: Date) => `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;

/** Whether the browser's copy is still current (RFC 9110: If-None-Match, when sent, decides alone). */
function stillFresh(conditions: MediaConditions | undefined, etag: string, mtime: Date): boolean {
  if (conditions?.ifNoneMatch !== undefined) {
    const tags = conditions.ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
    return tags.includes("*") || tags.includes(etag.replace(/^W\//, ""));
  }
  // HTTP dates have whole seconds.
  return (
    conditions?.ifModifiedSince !== undefined &&
    Math.floor(mtime.getTime() / 1000) * 1000 <= conditions.ifModifiedSince.getTime()
  );
}

/** Pictures as files in one folder: the default, for one process or replicas sharing a network volume. */
export function createLocalMediaStore(dir: string): MediaStore {
  const root = resolve(dir);
  const statOf = async (key: string) => {
    try {
      const info = await stat(mediaFilePath(root, key));
      return info.isFile() && info.size > 0 ? info : null;
    } catch (error) {
      // ENOTDIR: a key running through a file (`a.webp/b.webp`) names nothing, as a missing one does.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return null;
      throw error;
    }
  };
  return {
    kind: "local",
    location: root,
    async put(key, bytes) {
      const file = mediaFilePath(root, key);
      await mkdir(dirname(file), { recursive: true });
      // Write then rename: a reader, or a later seed run that skips existing files, never sees half a file.
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async get(key, conditions) {
      const info = await statOf(key);
      if (!info) return null;
      const etag = etagOf(info.size, info.mtime);
      if (stillFresh(conditions, etag, info.mtime)) return "not-modified";
      return {
        body: createReadStream(mediaFilePath(root, key)),
        contentType: contentTypeOfKey(key),
        size: info.size,
        etag,
        lastModified: info.mtime,
      };
    },
    async exists(key) {
      return (await statOf(key)) !== null;
    },
    close() {},
  };
}
