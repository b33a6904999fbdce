import { z } from 'zod';
import { MEDIA_STATES, probeSchema } from './newsroom.ts';

/**
 * Ingest (the "Ingest"): masters come in by resumable upload (the tus protocol at
 * INGEST_UPLOAD_PATH) or the drop folder, are probed and made into what the catalogue needs. The
 * desk follows each item's stages over /cable.
 */
export const INGEST_UPLOAD_PATH = '/api/desk/uploads';

/** The biggest master accepted by default (UPLOAD_MAX_BYTES changes it): 20 GiB and then some. */
export const DEFAULT_UPLOAD_MAX_BYTES = 25 * 1024 ** 3;

/**
 * A PATCH carries at most this much, so that each request of an upload ends well inside the
 * server's request timeout however big the file; the client sends the next one at once.
 */
export const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;

/** What a tus upload's `Upload-Metadata` says: the file's own name, and the story it is the master of (else a new draft). */
export const uploadMetadataSchema = z.object({
  filename: z.string().trim().min(1, 'validation.required').max(255, 'validation.max_length'),
  filetype: z.string().max(255).optional(),
  item_id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** The stages the desk shows, in order. */
export const INGEST_STAGES = ['upload', 'probe', 'master', 'preview', 'poster', 'thumbnails', 'animated'] as const;
export type IngestStage = (typeof INGEST_STAGES)[number];

/** An item's media as the desk sees it (GET /api/desk/ingest/items/{id}, and each /cable message). */
export const ingestItemSchema = z.object({
  id: z.number().int(),
  source_name: z.string().nullable(),
  media_state: z.enum(MEDIA_STATES),
  media_stage: z.string().nullable(),
  media_progress: z.number().int().min(0).max(100),
  /** Why the master was refused or could not be made into the catalogue's files (English; `media_error_code` is stable). */
  media_error: z.string().nullable(),
  media_error_code: z.string().nullable(),
  probe: probeSchema.nullable(),
  preview_url: z.string().nullable(),
  poster_url: z.string().nullable(),
});
export type IngestItem = z.infer<typeof ingestItemSchema>;

/** The desk's ingest channel: one message each time an item's media moves. */
export const deskIngestMessageSchema = z.object({ type: z.literal('media'), item: ingestItemSchema });
export type DeskIngestMessage = z.infer<typeof deskIngestMessageSchema>;

/** Why a file is refused, as stable codes the desk translates. */
export const INGEST_REFUSALS = ['not_video', 'truncated', 'no_video_stream', 'too_short', 'too_big', 'processing_failed'] as const;
export type IngestRefusal = (typeof INGEST_REFUSALS)[number];
