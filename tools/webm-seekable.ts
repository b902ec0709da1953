/**
 * Makes a MediaRecorder WebM seekable. Chromium's recorder writes a live stream: a Segment and
 * Clusters of unknown size, no Duration and no Cues, so a `<video>` shows no length and cannot seek
 * into parts it has not downloaded. This rewrites the file with the same frames: known sizes, a
 * Duration in Info and Cues (one per keyframe) placed before the first Cluster, where a player
 * reading the file from the start finds them without a second request.
 */

const ID = {
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  referenceBlock: 0xfb,
  cues: 0x1c53bb6b,
  cuePoint: 0xbb,
  cueTime: 0xb3,
  cueTrackPositions: 0xb7,
  cueTrack: 0xf7,
  cueClusterPosition: 0xf1,
  void: 0xec,
} as const;

/** Ids that may follow a Cluster at Segment level: where an unknown-size Cluster ends. */
const SEGMENT_LEVEL = new Set<number>([ID.cluster, ID.cues, ID.info, ID.tracks, ID.seekHead, 0x1254c367, 0x1043a770, 0x1941a469]);

type Element = { id: number; start: number; dataStart: number; end: number };

export type SeekableReport = { durationMs: number; clusters: number; cues: number };

export function makeSeekable(input: Uint8Array): { bytes: Uint8Array; report: SeekableReport } {
  const top = readChildren(input, 0, input.length);
  const header = top.find((e) => e.id === 0x1a45dfa3);
  const segment = top.find((e) => e.id === ID.segment);
  if (!header || !segment) throw new Error('pas un fichier WebM');
  const children = readChildren(input, segment.dataStart, input.length);
  const info = children.find((e) => e.id === ID.info);
  const tracks = children.find((e) => e.id === ID.tracks);
  if (!info || !tracks) throw new Error('Info ou Tracks manquant');

  const infoChildren = readChildren(input, info.dataStart, info.end);
  const scaleElement = infoChildren.find((e) => e.id === ID.timecodeScale);
  const timecodeScale = scaleElement ? readUint(input, scaleElement) : 1_000_000;
  const trackNumber = firstTrackNumber(input, tracks);

  // Each cluster: its timecode, its children's bytes, and its keyframes' times.
  const clusters = children
    .filter((e) => e.id === ID.cluster)
    .map((cluster) => {
      const parts = readChildren(input, cluster.dataStart, cluster.end);
      const tcElement = parts.find((e) => e.id === ID.timecode);
      const timecode = tcElement ? readUint(input, tcElement) : 0;
      // SimpleBlocks carry a keyframe flag; a BlockGroup's Block is a keyframe when it references no other.
      const blocks = parts.flatMap((part) => {
        if (part.id === ID.simpleBlock) return [blockTime(input, part, timecode, (flags) => (flags & 0x80) !== 0)];
        if (part.id !== ID.blockGroup) return [];
        const inner = readChildren(input, part.dataStart, part.end);
        const block = inner.find((e) => e.id === ID.block);
        const referencing = inner.some((e) => e.id === ID.referenceBlock);
        return block ? [blockTime(input, block, timecode, () => !referencing)] : [];
      });
      const body = concat(parts.map((p) => input.subarray(p.start, p.end)));
      return { timecode, blocks, body };
    });
  const times = clusters.flatMap((c) => c.blocks.map((b) => b.time)).sort((a, b) => a - b);
  const step = times.length > 1 ? (times[times.length - 1]! - times[0]!) / (times.length - 1) : 0;
  const durationTicks = times.length > 0 ? times[times.length - 1]! + step : 0;

  const newInfo = element(ID.info, concat([
    ...infoChildren.filter((e) => e.id !== ID.duration).map((e) => input.subarray(e.start, e.end)),
    element(ID.duration, float64(durationTicks)),
  ]));
  const tracksBytes = input.subarray(tracks.start, tracks.end);
  const clusterBytes = clusters.map((c) => element(ID.cluster, c.body));

  // Cue positions are written on 8 bytes, so the Cues' size is known before the positions are.
  const keyframes = clusters.flatMap((c, index) => c.blocks.filter((b) => b.key).map((b) => ({ time: b.time, cluster: index })));
  const cuesFor = (positions: number[]) =>
    element(ID.cues, concat(keyframes.map((k) => element(ID.cuePoint, concat([
      element(ID.cueTime, uint(k.time)),
      element(ID.cueTrackPositions, concat([element(ID.cueTrack, uint(trackNumber)), element(ID.cueClusterPosition, uint(positions[k.cluster]!, 8))])),
    ])))));
  const firstCluster = newInfo.length + tracksBytes.length + cuesFor(clusters.map(() => 0)).length;
  const positions: number[] = [];
  let offset = firstCluster;
  for (const bytes of clusterBytes) {
    positions.push(offset);
    offset += bytes.length;
  }
  const segmentBody = concat([newInfo, tracksBytes, cuesFor(positions), ...clusterBytes]);
  const bytes = concat([input.subarray(0, header.end), element(ID.segment, segmentBody, 8)]);
  return { bytes, report: { durationMs: (durationTicks * timecodeScale) / 1e6, clusters: clusters.length, cues: keyframes.length } };
}

/** The elements between `start` and `end`; an unknown-size child ends where a sibling-level id starts. */
function readChildren(bytes: Uint8Array, start: number, end: number): Element[] {
  const out: Element[] = [];
  let at = start;
  while (at < end) {
    const idLength = vintLength(bytes[at]!);
    let id = 0;
    for (let i = 0; i < idLength; i += 1) id = id * 256 + bytes[at + i]!;
    const sizeAt = at + idLength;
    const sizeLength = vintLength(bytes[sizeAt]!);
    let size = bytes[sizeAt]! & (0xff >> sizeLength);
    let allOnes = size === 0xff >> sizeLength;
    for (let i = 1; i < sizeLength; i += 1) {
      size = size * 256 + bytes[sizeAt + i]!;
      allOnes &&= bytes[sizeAt + i] === 0xff;
    }
    const dataStart = sizeAt + sizeLength;
    let elementEnd = dataStart + size;
    if (allOnes) elementEnd = id === ID.cluster ? unknownEnd(bytes, dataStart, end) : end;
    out.push({ id, start: at, dataStart, end: Math.min(elementEnd, end) });
    at = Math.min(elementEnd, end);
  }
  return out;
}

/** Where an unknown-size Cluster ends: at the next Segment-level element, or at the end. */
function unknownEnd(bytes: Uint8Array, start: number, end: number): number {
  let at = start;
  while (at < end) {
    const idLength = vintLength(bytes[at]!);
    let id = 0;
    for (let i = 0; i < idLength; i += 1) id = id * 256 + bytes[at + i]!;
    if (SEGMENT_LEVEL.has(id)) return at;
    const sizeAt = at + idLength;
    const sizeLength = vintLength(bytes[sizeAt]!);
    let size = bytes[sizeAt]! & (0xff >> sizeLength);
    for (let i = 1; i < sizeLength; i += 1) size = size * 256 + bytes[sizeAt + i]!;
    at = sizeAt + sizeLength + size;
  }
  return end;
}

function firstTrackNumber(bytes: Uint8Array, tracks: Element): number {
  const entry = readChildren(bytes, tracks.dataStart, tracks.end).find((e) => e.id === ID.trackEntry);
  const number = entry && readChildren(bytes, entry.dataStart, entry.end).find((e) => e.id === ID.trackNumber);
  return number ? readUint(bytes, number) : 1;
}

/** A block's time (its cluster's plus its own 16-bit offset) and whether it is a keyframe. */
function blockTime(bytes: Uint8Array, block: Element, clusterTime: number, isKey: (flags: number) => boolean): { time: number; key: boolean } {
  const trackLength = vintLength(bytes[block.dataStart]!);
  const relative = new DataView(bytes.buffer, bytes.byteOffset + block.dataStart + trackLength, 2).getInt16(0);
  return { time: clusterTime + relative, key: isKey(bytes[block.dataStart + trackLength + 2]!) };
}

const vintLength = (first: number): number => {
  for (let length = 1; length <= 8; length += 1) if (first & (0x80 >> (length - 1))) return length;
  throw new Error('entier EBML invalide');
};

function readUint(bytes: Uint8Array, e: Element): number {
  let value = 0;
  for (let i = e.dataStart; i < e.end; i += 1) value = value * 256 + bytes[i]!;
  return value;
}

function element(id: number, data: Uint8Array, sizeLength?: number): Uint8Array {
  const idBytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) idBytes.unshift(v & 0xff);
  return concat([Uint8Array.from(idBytes), vintSize(data.length, sizeLength), data]);
}

function vintSize(size: number, fixed?: number): Uint8Array {
  let length = fixed ?? 1;
  while (size >= 2 ** (7 * length) - 1) length += 1;
  const out = new Uint8Array(length);
  let v = size;
  for (let i = length - 1; i >= 0; i -= 1) {
    out[i] = v & 0xff;
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

function uint(value: number, length?: number): Uint8Array {
  let n = length ?? 1;
  while (!length && value >= 2 ** (8 * n)) n += 1;
  const out = new Uint8Array(n);
  let v = value;
  for (let i = n - 1; i >= 0; i -= 1) {
    out[i] = v & 0xff;
    v = Math.floor(v / 256);
  }
  return out;
}

function float64(value: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setFloat64(0, value);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
