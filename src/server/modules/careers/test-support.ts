import { crc32 } from 'node:zlib';
import type { VacancyTexts } from '../../../common/careers.ts';

/** A ZIP (stored, no compression) holding the named entries: enough for the content check to read. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An OLE2 compound file's first bytes, with a directory entry of the given stream name. */
export function ole2With(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const entry = Buffer.alloc(128);
  Buffer.from(streamName, 'utf16le').copy(entry);
  return Buffer.concat([header, Buffer.alloc(512), entry]);
}

/** One small sample of each type we take, made of the bytes each format starts with. */
export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]),
  gif: Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(64, 3)]),
  pptx: zipOf({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p:presentation/>' }),
  ppt: ole2With('PowerPoint Document'),
} as const;

export const vacancyTexts = (title: string, extra: Partial<VacancyTexts> = {}): VacancyTexts => ({
  title,
  department: 'Newsroom',
  location: 'London',
  summary: `${title}: summary`,
  description: `${title}: description`,
  ...extra,
});

export type FormFile = { name: string; bytes: Buffer; type?: string };

/** A multipart/form-data body as a browser would send it: the payload and its content type. */
export async function multipart(fields: Record<string, string>, files: FormFile[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** A complete, valid application form. */
export const applicantFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  first_name: 'Layla',
  last_name: 'Haddad',
  email: `layla-${Math.random().toString(36).slice(2, 8)}@applicant.example`,
  birthday_day: '14',
  birthday_month: '3',
  birthday_year: '1994',
  gender: 'female',
  phone: '+971 4 123 4567',
  location: 'Dubai',
  salary_expectations: '6000 EUR a month',
  comment: 'I have produced live coverage for five years.',
  ...overrides,
});
