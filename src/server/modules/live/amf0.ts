/**
 * AMF0, the encoding of RTMP's commands and data messages (Adobe's AMF0 specification): what the
 * ingest reads from publishers (connect, createStream, publish, onMetaData) and the answers it
 * writes. Reading never trusts a length: running out of bytes, an unknown marker or nesting past
 * MAX_DEPTH throws Amf0Error, and the connection is closed.
 */
export type Amf0Value = number | boolean | string | null | undefined | Date | Amf0Value[] | { [name: string]: Amf0Value };

export class Amf0Error extends Error {}

const MAX_DEPTH = 16;

const MARKER = {
  number: 0x00,
  boolean: 0x01,
  string: 0x02,
  object: 0x03,
  null: 0x05,
  undefined: 0x06,
  ecmaArray: 0x08,
  objectEnd: 0x09,
  strictArray: 0x0a,
  date: 0x0b,
  longString: 0x0c,
  typedObject: 0x10,
} as const;

class Reader {
  at = 0;
  constructor(private readonly bytes: Buffer) {}

  get done() {
    return this.at >= this.bytes.length;
  }

  private need(count: number) {
    if (this.at + count > this.bytes.length) throw new Amf0Error('an AMF0 value runs past its message');
  }

  u8() {
    this.need(1);
    return this.bytes.readUInt8(this.at++);
  }

  u16() {
    this.need(2);
    const value = this.bytes.readUInt16BE(this.at);
    this.at += 2;
    return value;
  }

  u32() {
    this.need(4);
    const value = this.bytes.readUInt32BE(this.at);
    this.at += 4;
    return value;
  }

  double() {
    this.need(8);
    const value = this.bytes.readDoubleBE(this.at);
    this.at += 8;
    return value;
  }

  text(length: number) {
    this.need(length);
    const value = this.bytes.toString('utf8', this.at, this.at + length);
    this.at += length;
    return value;
  }

  /** An object's properties up to its end marker (an empty name then 0x09). */
  properties(depth: number): { [name: string]: Amf0Value } {
    const object: { [name: string]: Amf0Value } = {};
    for (;;) {
      const name = this.text(this.u16());
      if (name === '' && this.bytes[this.at] === MARKER.objectEnd) {
        this.at += 1;
        return object;
      }
      object[name] = this.value(depth + 1);
    }
  }

  value(depth = 0): Amf0Value {
    if (depth > MAX_DEPTH) throw new Amf0Error('AMF0 values nested too deep');
    const marker = this.u8();
    switch (marker) {
      case MARKER.number:
        return this.double();
      case MARKER.boolean:
        return this.u8() !== 0;
      case MARKER.string:
        return this.text(this.u16());
      case MARKER.longString:
        return this.text(this.u32());
      case MARKER.object:
        return this.properties(depth);
      case MARKER.typedObject:
        this.text(this.u16()); // the class name, of no use here
        return this.properties(depth);
      case MARKER.ecmaArray:
        this.u32(); // the count is a hint only; the end marker ends it
        return this.properties(depth);
      case MARKER.strictArray: {
        const count = this.u32();
        const items: Amf0Value[] = [];
        for (let index = 0; index < count; index += 1) items.push(this.value(depth + 1));
        return items;
      }
      case MARKER.date: {
        const time = this.double();
        this.u16(); // the time zone, reserved
        return new Date(time);
      }
      case MARKER.null:
        return null;
      case MARKER.undefined:
        return undefined;
      default:
        throw new Amf0Error(`an AMF0 marker this ingest does not read: ${marker}`);
    }
  }
}

/** Every value of a message, in order. */
export function decodeAmf0(payload: Buffer): Amf0Value[] {
  const reader = new Reader(payload);
  const values: Amf0Value[] = [];
  while (!reader.done) values.push(reader.value());
  return values;
}

/** The first value of a message when it is a string, and the bytes after it (a data message's own name). */
export function leadingString(payload: Buffer): { value: string; rest: Buffer } | null {
  const reader = new Reader(payload);
  try {
    if (reader.u8() !== MARKER.string) return null;
    const value = reader.text(reader.u16());
    return { value, rest: payload.subarray(reader.at) };
  } catch {
    return null; // not a string: the message has no name of its own
  }
}

function encodeString(value: string, parts: Buffer[], withMarker: boolean) {
  const text = Buffer.from(value, 'utf8');
  const long = withMarker && text.length > 0xffff;
  const head = Buffer.alloc((withMarker ? 1 : 0) + (long ? 4 : 2));
  if (withMarker) head.writeUInt8(long ? MARKER.longString : MARKER.string, 0);
  if (long) head.writeUInt32BE(text.length, 1);
  else head.writeUInt16BE(text.length, withMarker ? 1 : 0);
  parts.push(head, text);
}

function encodeValue(value: Amf0Value, parts: Buffer[]) {
  if (value === null) parts.push(Buffer.from([MARKER.null]));
  else if (value === undefined) parts.push(Buffer.from([MARKER.undefined]));
  else if (typeof value === 'boolean') parts.push(Buffer.from([MARKER.boolean, value ? 1 : 0]));
  else if (typeof value === 'number') {
    const bytes = Buffer.alloc(9);
    bytes.writeUInt8(MARKER.number, 0);
    bytes.writeDoubleBE(value, 1);
    parts.push(bytes);
  } else if (typeof value === 'string') encodeString(value, parts, true);
  else if (value instanceof Date) {
    const bytes = Buffer.alloc(11);
    bytes.writeUInt8(MARKER.date, 0);
    bytes.writeDoubleBE(value.getTime(), 1);
    parts.push(bytes);
  } else if (Array.isArray(value)) {
    const head = Buffer.alloc(5);
    head.writeUInt8(MARKER.strictArray, 0);
    head.writeUInt32BE(value.length, 1);
    parts.push(head);
    for (const item of value) encodeValue(item, parts);
  } else {
    parts.push(Buffer.from([MARKER.object]));
    for (const [name, item] of Object.entries(value)) {
      encodeString(name, parts, false);
      encodeValue(item, parts);
    }
    parts.push(Buffer.from([0x00, 0x00, MARKER.objectEnd]));
  }
}

export function encodeAmf0(...values: Amf0Value[]): Buffer {
  const parts: Buffer[] = [];
  for (const value of values) encodeValue(value, parts);
  return Buffer.concat(parts);
}
