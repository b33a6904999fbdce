import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { CAREER_ATTACHMENT_LIMITS } from '../../../common/careers.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { AppError } from '../../http/errors.ts';
import type { SentFile, SentForm } from './applications.ts';

/** Files past this many end the reading at once; between the limit and it, they are read past. */
const HARD_FILE_CAP = 20;

/** What @fastify/multipart is told: the limits that protect the server while it reads. */
export const MULTIPART_LIMITS = {
  fileSize: CAREER_ATTACHMENT_LIMITS.maxFileBytes,
  files: HARD_FILE_CAP,
  // 5,000 characters of comment in up to 4 bytes each.
  fieldSize: 20_000,
  fields: 30,
  parts: 60,
} as const;

const notMultipart = () =>
  new AppError(415, [{ code: ERROR_CODES.unsupportedMediaType, message: 'Send the application as multipart/form-data' }]);

/**
 * Reads the application form from a multipart body: its text fields and the files sent as `files`
 * (cut at the size limit, marked truncated). More files than we take are read past, not kept, so
 * the answer still reaches a browser that is sending them; the service decides what is wrong.
 */
export async function readApplicationForm(request: FastifyRequest): Promise<SentForm> {
  if (!request.isMultipart()) throw notMultipart();
  const fields: Record<string, string> = {};
  const files: SentFile[] = [];
  let tooManyFiles = false;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if ((part.fieldname !== 'files' && part.fieldname !== 'files[]') || files.length >= CAREER_ATTACHMENT_LIMITS.maxFiles) {
        if (part.fieldname === 'files' || part.fieldname === 'files[]') tooManyFiles = true;
        await finished(part.file.resume());
        continue;
      }
      const bytes = await part.toBuffer();
      files.push({ name: part.filename, bytes, truncated: part.file.truncated });
    }
  } catch (error) {
    if (!(error instanceof Error) || !('code' in error)) throw error;
    // Past the hard cap of files or parts: the form has too many files (or is not a form at all).
    if (error.code === 'FST_FILES_LIMIT') tooManyFiles = true;
    else if (error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FIELDS_LIMIT')
      throw new AppError(413, [{ code: ERROR_CODES.payloadTooLarge, message: 'The form has too many parts' }]);
    else throw new AppError(400, [{ code: ERROR_CODES.badRequest, message: 'The form could not be read' }]);
  }
  return { fields, files, tooManyFiles };
}
