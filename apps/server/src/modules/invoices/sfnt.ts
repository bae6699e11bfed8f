import { inflateSync } from "node:zlib";

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

const padded = (length: number) => (length + 3) & ~3;

/**
 * A WOFF 1.0 font unpacked once into the plain TrueType/OpenType file it wraps (W3C WOFF 1.0, section 5:
 * the same tables, each zlib-compressed on its own). fontkit reads WOFF too, but inflates a table again every
 * time it reads from it (the whole `glyf` table per glyph measured), CPU spent inflating under the
 * checkout's settling transaction (decision 049). Unpacked, a glyph is a slice.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error("not a WOFF 1.0 font");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error("WOFF table length does not match its directory");
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });

  const directoryEnd = SFNT_HEADER + numTables * SFNT_ENTRY;
  const size = tables.reduce((sum, t) => sum + padded(t.data.length), directoryEnd);
  const sfnt = Buffer.alloc(size);
  // The binary-search fields of the offset table (OpenType spec, "Table Directory").
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  // WOFF keeps the directory sorted by tag, as sfnt requires.
  let offset = directoryEnd;
  tables.forEach((table, i) => {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
