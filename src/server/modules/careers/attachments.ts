import type { CareerAttachmentType } from '../../../common/careers.ts';

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const GIF87 = Buffer.from('GIF87a', 'latin1');
const GIF89 = Buffer.from('GIF89a', 'latin1');
/** An OLE2 compound file: the container of .ppt (and .doc, .xls: the stream name tells them apart). */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PPT_STREAM = Buffer.from('PowerPoint Document', 'utf16le');
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_END = 0x06054b50;
const ZIP_ENTRY = 0x02014b50;
const PPTX_PART = 'ppt/presentation.xml';

const startsWith = (bytes: Buffer, signature: Buffer) =>
  bytes.length >= signature.length && bytes.subarray(0, signature.length).equals(signature);

/** The names in a ZIP's central directory, or null when the bytes are not a readable ZIP. */
export function zipEntryNames(bytes: Buffer): string[] | null {
  // The end record is the last 22 bytes plus a comment of at most 65,535 bytes.
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= floor; at -= 1) {
    if (bytes.readUInt32LE(at) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ZIP_ENTRY) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    names.push(bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * What an attachment is by its content, never its name or declared type (spec: content §5 "Career
 * attachments"): one of the six types we take, or null. A PPTX is a ZIP whose central directory
 * names ppt/presentation.xml; a PPT is an OLE2 file with a "PowerPoint Document" stream.
 */
export function attachmentType(bytes: Buffer): CareerAttachmentType | null {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, OLE2)) return bytes.includes(PPT_STREAM) ? 'ppt' : null;
  if (startsWith(bytes, ZIP_LOCAL)) return zipEntryNames(bytes)?.includes(PPTX_PART) ? 'pptx' : null;
  return null;
}
