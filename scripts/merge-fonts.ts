/**
 * Merges two TrueType fonts cut from one family (Fontsource's latin and latin-ext files, pinned
 * to one weight by scripts/subset-fonts.ts) into one: the first font whole, and the glyphs of the
 * second that it lacks. Fontsource ships each family only split by unicode-range and npm has no
 * font-merging tool, yet a first visit can afford one file per family, not two
 * (docs/decisions/0023-brand-fonts-on-the-first-page.md).
 *
 * Only what such a pair holds is handled: static glyf outlines (no variations, no hinting), a
 * Unicode cmap within the Basic Multilingual Plane. The layout tables (kerning) and the names
 * are the first font's, so the second font's glyphs are not kerned. Any other table that counts
 * glyphs stops the merge rather than being copied wrong. The result is meant to go through
 * harfbuzz's subsetter once more (makeSubset), which recomputes the bounds, `maxp`'s limits and
 * the checksums, and writes the woff2.
 */

type Tables = Map<string, Buffer>;

/** Tables copied from the first font as they are: none of them refers to a glyph by its index beyond the first font's. */
const keptTables = new Set(["GDEF", "GPOS", "GSUB", "OS/2", "STAT", "gasp", "name", "post"]);
/** Tables rebuilt or changed for the merged glyphs. */
const rebuiltTables = new Set(["cmap", "glyf", "loca", "hmtx", "hhea", "maxp", "head"]);

export function readTables(font: Buffer): Tables {
  const version = font.readUInt32BE(0);
  if (version !== 0x00010000) throw new Error("merge-fonts: only TrueType outlines are handled");
  const tables: Tables = new Map();
  const count = font.readUInt16BE(4);
  for (let index = 0; index < count; index += 1) {
    const record = 12 + 16 * index;
    const tag = font.toString("latin1", record, record + 4);
    const offset = font.readUInt32BE(record + 8);
    const length = font.readUInt32BE(record + 12);
    tables.set(tag, font.subarray(offset, offset + length));
  }
  for (const tag of tables.keys()) {
    if (!keptTables.has(tag) && !rebuiltTables.has(tag))
      throw new Error(`merge-fonts: the table ${tag} is not handled`);
  }
  return tables;
}

function table(tables: Tables, tag: string): Buffer {
  const found = tables.get(tag);
  if (!found) throw new Error(`merge-fonts: no ${tag} table`);
  return found;
}

type Glyph = { data: Buffer; advance: number; leftSideBearing: number };

export function readGlyphs(tables: Tables): Glyph[] {
  const count = table(tables, "maxp").readUInt16BE(4);
  const longOffsets = table(tables, "head").readInt16BE(50) === 1;
  const loca = table(tables, "loca");
  const glyf = table(tables, "glyf");
  const hmtx = table(tables, "hmtx");
  const metricsCount = table(tables, "hhea").readUInt16BE(34);
  const offsetOf = (index: number) =>
    longOffsets ? loca.readUInt32BE(4 * index) : 2 * loca.readUInt16BE(2 * index);
  return Array.from({ length: count }, (_, index) => {
    const metric = Math.min(index, metricsCount - 1);
    return {
      data: glyf.subarray(offsetOf(index), offsetOf(index + 1)),
      advance: hmtx.readUInt16BE(4 * metric),
      leftSideBearing:
        index < metricsCount
          ? hmtx.readInt16BE(4 * index + 2)
          : hmtx.readInt16BE(4 * metricsCount + 2 * (index - metricsCount)),
    };
  });
}

/** Unicode code point → glyph index, from the cmap's format 4 or 12 subtable for Unicode. */
export function readCharacterMap(tables: Tables): Map<number, number> {
  const cmap = table(tables, "cmap");
  const map = new Map<number, number>();
  const count = cmap.readUInt16BE(2);
  for (let index = 0; index < count; index += 1) {
    const platform = cmap.readUInt16BE(4 + 8 * index);
    const encoding = cmap.readUInt16BE(6 + 8 * index);
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const sub = cmap.subarray(cmap.readUInt32BE(8 + 8 * index));
    const format = sub.readUInt16BE(0);
    if (format === 4) {
      const segments = sub.readUInt16BE(6) / 2;
      const ends = 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const rangeOffsets = deltas + 2 * segments;
      for (let segment = 0; segment < segments; segment += 1) {
        const end = sub.readUInt16BE(ends + 2 * segment);
        const start = sub.readUInt16BE(starts + 2 * segment);
        const delta = sub.readUInt16BE(deltas + 2 * segment);
        const rangeOffset = sub.readUInt16BE(rangeOffsets + 2 * segment);
        for (let codePoint = start; codePoint <= end && codePoint !== 0xffff; codePoint += 1) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (codePoint + delta) & 0xffff;
          else {
            const at = rangeOffsets + 2 * segment + rangeOffset + 2 * (codePoint - start);
            const raw = sub.readUInt16BE(at);
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) map.set(codePoint, glyph);
        }
      }
    } else if (format === 12) {
      const groups = sub.readUInt32BE(12);
      for (let group = 0; group < groups; group += 1) {
        const start = sub.readUInt32BE(16 + 12 * group);
        const end = sub.readUInt32BE(20 + 12 * group);
        const first = sub.readUInt32BE(24 + 12 * group);
        for (let codePoint = start; codePoint <= end; codePoint += 1)
          map.set(codePoint, first + codePoint - start);
      }
    }
  }
  return map;
}

const moreComponents = 0x0020;

/** The component glyph indices of a composite glyph, with the byte offset of each. */
export function componentsOf(data: Buffer): { offset: number; glyph: number }[] {
  if (data.length === 0 || data.readInt16BE(0) >= 0) return [];
  const components: { offset: number; glyph: number }[] = [];
  let at = 10;
  for (;;) {
    const flags = data.readUInt16BE(at);
    components.push({ offset: at + 2, glyph: data.readUInt16BE(at + 2) });
    at += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) at += 2;
    else if (flags & 0x0040) at += 4;
    else if (flags & 0x0080) at += 8;
    if (!(flags & moreComponents)) return components;
  }
}

/** A format 4 cmap (Windows, Unicode BMP) for the given mapping. */
function writeCharacterMap(map: Map<number, number>): Buffer {
  const codePoints = [...map.keys()].sort((a, b) => a - b);
  if (codePoints.some((codePoint) => codePoint >= 0xffff))
    throw new Error("merge-fonts: only characters of the Basic Multilingual Plane are handled");
  // Runs of consecutive characters with consecutive glyphs share a segment.
  const segments: { start: number; end: number; glyph: number }[] = [];
  for (const codePoint of codePoints) {
    const glyph = map.get(codePoint) ?? 0;
    const last = segments.at(-1);
    if (last && codePoint === last.end + 1 && glyph === last.glyph + codePoint - last.start)
      last.end = codePoint;
    else segments.push({ start: codePoint, end: codePoint, glyph });
  }
  segments.push({ start: 0xffff, end: 0xffff, glyph: 0 });
  const count = segments.length;
  const searchRange = 2 * 2 ** Math.floor(Math.log2(count));
  const sub = Buffer.alloc(16 + 8 * count);
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(sub.length, 2);
  sub.writeUInt16BE(2 * count, 6);
  sub.writeUInt16BE(searchRange, 8);
  sub.writeUInt16BE(Math.log2(searchRange / 2), 10);
  sub.writeUInt16BE(2 * count - searchRange, 12);
  segments.forEach(({ start, end, glyph }, index) => {
    sub.writeUInt16BE(end, 14 + 2 * index);
    sub.writeUInt16BE(start, 16 + 2 * count + 2 * index);
    // The final segment maps 0xFFFF to glyph 0: a delta of 1.
    const delta = start === 0xffff ? 1 : (glyph - start) & 0xffff;
    sub.writeUInt16BE(delta, 16 + 4 * count + 2 * index);
  });
  const header = Buffer.alloc(12);
  header.writeUInt16BE(1, 2);
  header.writeUInt16BE(3, 4);
  header.writeUInt16BE(1, 6);
  header.writeUInt32BE(12, 8);
  return Buffer.concat([header, sub]);
}

function padded(data: Buffer): Buffer {
  return data.length % 4 === 0 ? data : Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
}

function checksum(data: Buffer): number {
  const words = padded(data);
  let sum = 0;
  for (let at = 0; at < words.length; at += 4) sum = (sum + words.readUInt32BE(at)) >>> 0;
  return sum;
}

function writeFont(tables: Tables): Buffer {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const searchRange = 16 * 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(Math.log2(searchRange / 16), 8);
  header.writeUInt16BE(16 * count - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tags.forEach((tag, index) => {
    const data = tables.get(tag) ?? Buffer.alloc(0);
    const record = 12 + 16 * index;
    header.write(tag, record, "latin1");
    header.writeUInt32BE(checksum(data), record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(data.length, record + 12);
    parts.push(padded(data));
    offset += padded(data).length;
  });
  return Buffer.concat(parts);
}

/** The first font with the characters of the second that it lacks (both TrueType, one family, one weight). */
export function mergeFonts(first: Buffer, second: Buffer): Buffer {
  const firstTables = readTables(first);
  const secondTables = readTables(second);
  const glyphs = readGlyphs(firstTables);
  const secondGlyphs = readGlyphs(secondTables);
  const characters = readCharacterMap(firstTables);

  // Each glyph of the second font becomes a glyph of the first with the same outline and metrics,
  // or a new one (its components renumbered first).
  const sameGlyph = (a: Glyph, b: Glyph) =>
    a.advance === b.advance && a.leftSideBearing === b.leftSideBearing && a.data.equals(b.data);
  const newIndex = new Map<number, number>([[0, 0]]);
  const place = (index: number): number => {
    const known = newIndex.get(index);
    if (known !== undefined) return known;
    const glyph = secondGlyphs[index];
    if (!glyph) throw new Error(`merge-fonts: no glyph ${index}`);
    const data = Buffer.from(glyph.data);
    for (const component of componentsOf(data))
      data.writeUInt16BE(place(component.glyph), component.offset);
    const renumbered = { ...glyph, data };
    let target = glyphs.findIndex((candidate) => sameGlyph(candidate, renumbered));
    if (target === -1) target = glyphs.push(renumbered) - 1;
    newIndex.set(index, target);
    return target;
  };
  for (const [codePoint, glyph] of readCharacterMap(secondTables))
    if (!characters.has(codePoint)) characters.set(codePoint, place(glyph));

  // Long offsets, which need no alignment; harfbuzz lays the glyphs out again.
  const glyf = Buffer.concat(glyphs.map(({ data }) => data));
  const loca = Buffer.alloc(4 * (glyphs.length + 1));
  let offset = 0;
  glyphs.forEach(({ data }, index) => {
    loca.writeUInt32BE(offset, 4 * index);
    offset += data.length;
  });
  loca.writeUInt32BE(offset, 4 * glyphs.length);
  const hmtx = Buffer.alloc(4 * glyphs.length);
  glyphs.forEach(({ advance, leftSideBearing }, index) => {
    hmtx.writeUInt16BE(advance, 4 * index);
    hmtx.writeInt16BE(leftSideBearing, 4 * index + 2);
  });
  const hhea = Buffer.from(table(firstTables, "hhea"));
  hhea.writeUInt16BE(glyphs.length, 34);
  hhea.writeUInt16BE(Math.max(...glyphs.map(({ advance }) => advance)), 10);
  const maxp = Buffer.from(table(firstTables, "maxp"));
  maxp.writeUInt16BE(glyphs.length, 4);
  const secondMaxp = table(secondTables, "maxp");
  // The limits (points, contours, components…) of whichever font has the larger; harfbuzz
  // recomputes them on the way out.
  for (let at = 6; at + 2 <= Math.min(maxp.length, secondMaxp.length); at += 2)
    maxp.writeUInt16BE(Math.max(maxp.readUInt16BE(at), secondMaxp.readUInt16BE(at)), at);
  const head = Buffer.from(table(firstTables, "head"));
  head.writeInt16BE(1, 50);
  head.writeUInt32BE(0, 8);

  const merged: Tables = new Map(firstTables);
  merged.set("glyf", glyf);
  merged.set("loca", loca);
  merged.set("hmtx", hmtx);
  merged.set("hhea", hhea);
  merged.set("maxp", maxp);
  merged.set("head", head);
  merged.set("cmap", writeCharacterMap(characters));
  const font = writeFont(merged);
  // head.checkSumAdjustment makes the whole font's checksum 0xB1B0AFBA.
  const headRecord = 12 + 16 * [...merged.keys()].sort().indexOf("head");
  const headOffset = font.readUInt32BE(headRecord + 8);
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  return font;
}
