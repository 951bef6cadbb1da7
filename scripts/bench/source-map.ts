/**
 * Maps a position in a built script back to its source, from the source map the bench's build
 * writes beside each script (Vite's `sourcemap: 'hidden'`: the scripts are byte for byte those of
 * `npm run build`, and name no map, so the browser never loads one):
 *
 *   const map = readSourceMap(json);
 *   map.original(0, 1234);  // { source: 'lib/settings/schema.ts', line: 140, name: 'settingsSchema' }
 *
 * Source map v3: `mappings` holds, per generated line, segments of base64 VLQ numbers, each relative
 * to the previous one: generated column, source index, source line, source column, name index.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Where a generated position came from; lines 1-based, as editors number them. */
interface OriginalPosition {
  source: string;
  line: number;
  /** The original name at that position, when the map has one (a function's or variable's). */
  name?: string;
}

/** One segment: generated column, then (when mapped) source index, line, column, name index. */
type Segment = [number, number?, number?, number?, number?];

/** The numbers of one segment's base64 VLQ text. */
export function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`Not a base64 VLQ digit: ${char}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}

/** A read source map. */
export interface SourceMap {
  /** The source of a generated position (0-based line and column, as V8's profiler gives them). */
  original(line: number, column: number): OriginalPosition | undefined;
}

/** Reads a source map v3 (`sources` are cleaned of their leading `../` steps). */
export function readSourceMap(json: string): SourceMap {
  const map = JSON.parse(json) as { sources: string[]; names?: string[]; mappings: string };
  const sources = map.sources.map((s) => s.replace(/^(\.\.\/)+/, ''));
  const names = map.names ?? [];
  const lines: Segment[][] = [];
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  let name = 0;
  for (const lineText of map.mappings.split(';')) {
    const segments: Segment[] = [];
    let column = 0;
    for (const text of lineText.split(',')) {
      if (!text) continue;
      const [dColumn = 0, dSource, dLine, dSourceColumn, dName] = decodeVlq(text);
      column += dColumn;
      if (dSource === undefined) {
        segments.push([column]);
        continue;
      }
      source += dSource;
      sourceLine += dLine ?? 0;
      sourceColumn += dSourceColumn ?? 0;
      if (dName !== undefined) name += dName;
      segments.push([column, source, sourceLine, sourceColumn, dName === undefined ? undefined : name]);
    }
    lines.push(segments);
  }
  return {
    original(line, column) {
      const segments = lines[line] ?? [];
      // The last segment at or before the column: positions map to the token they fall in.
      let found: Segment | undefined;
      for (const segment of segments) {
        if (segment[0] > column) break;
        found = segment;
      }
      if (found?.[1] === undefined) return undefined;
      const position: OriginalPosition = { source: sources[found[1]] ?? '?', line: (found[2] ?? 0) + 1 };
      if (found[4] !== undefined && names[found[4]]) position.name = names[found[4]];
      return position;
    },
  };
}
