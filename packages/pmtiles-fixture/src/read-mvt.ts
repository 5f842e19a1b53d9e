/**
 * Just enough of a Mapbox Vector Tile reader for tests: each layer's features with their string
 * and whole-number properties (the protobuf of the Vector Tile specification 2.1; geometry is
 * skipped).
 */
export type ReadFeature = Record<string, string | number>;

interface Field {
  number: number;
  /** A varint's value, or a length-delimited field's bytes. */
  value: number | Uint8Array;
}

function* fields(bytes: Uint8Array): Generator<Field> {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  };
  while (at < bytes.length) {
    const key = varint();
    const wire = key & 7;
    const number = key >>> 3;
    if (wire === 0) yield { number, value: varint() };
    else if (wire === 2) {
      const length = varint();
      yield { number, value: bytes.subarray(at, at + length) };
      at += length;
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else throw new Error(`wire type ${wire} is not in vector tiles`);
  }
}

const packed = (bytes: Uint8Array): number[] => [...fields(prefixEach(bytes))].map((f) => f.value as number);

/** Packed varints read as a run of field-0 varints. */
function prefixEach(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  let start = true;
  for (const byte of bytes) {
    if (start) out.push(0);
    out.push(byte);
    start = byte < 0x80;
  }
  return Uint8Array.from(out);
}

function readValue(bytes: Uint8Array): string | number {
  for (const field of fields(bytes)) {
    if (field.number === 1) return new TextDecoder().decode(field.value as Uint8Array);
    if (typeof field.value === 'number') return field.value;
  }
  return '';
}

/** The tile's layers by name, each a list of its features' properties. */
export function readMvt(data: Uint8Array): Record<string, ReadFeature[]> {
  const layers: Record<string, ReadFeature[]> = {};
  for (const layerField of fields(data)) {
    if (layerField.number !== 3) continue;
    let name = '';
    const keys: string[] = [];
    const values: Array<string | number> = [];
    const tagLists: number[][] = [];
    for (const field of fields(layerField.value as Uint8Array)) {
      const bytes = field.value as Uint8Array;
      if (field.number === 1) name = new TextDecoder().decode(bytes);
      else if (field.number === 3) keys.push(new TextDecoder().decode(bytes));
      else if (field.number === 4) values.push(readValue(bytes));
      else if (field.number === 2) {
        const tags = [...fields(bytes)].find((f) => f.number === 2)?.value;
        tagLists.push(tags instanceof Uint8Array ? packed(tags) : []);
      }
    }
    layers[name] = tagLists.map((tags) => {
      const properties: ReadFeature = {};
      for (let i = 0; i + 1 < tags.length; i += 2) {
        properties[keys[tags[i] ?? 0] ?? ''] = values[tags[i + 1] ?? 0] ?? '';
      }
      return properties;
    });
  }
  return layers;
}
