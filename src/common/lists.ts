import { z } from 'zod';
import { videoProjectSummarySchema } from './catalogue.ts';
import { zod } from './validators.ts';

/**
 * User lists (spec: content §1, §2 "Lists", §3 "List", "List item", "Video list", §5, §7 list
 * calls). One contract per payload, shared by the routes and the pages.
 */

/** What a list holds; the spec names item_type, the catalogue's video projects are the one kind so far. */
export const LIST_ITEM_TYPES = ['video_project'] as const;
export type ListItemType = (typeof LIST_ITEM_TYPES)[number];

/** Caps (docs/decisions.md "Lists"): enough for a newsroom's working sets, small enough to show a list whole. */
export const LISTS_PER_USER = 50;
export const ITEMS_PER_LIST = 200;
export const LIST_TITLE_MAX_LENGTH = 100;
/** The list calls page their items by 12, as the other lists of the spec (§9). */
export const LIST_ITEMS_PAGE_SIZE = 12;

/** A share link names a list by a random public id, so lists cannot be walked by counting. */
export const LIST_PUBLIC_ID_LENGTH = 16;
export const listIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'validation.text');

/** The message of §5, said when a video is added to a list that has it already. */
export const ALREADY_IN_LIST_MESSAGE = 'Video is already in this list';

/** The title a duplicate gets unless its modal says otherwise: "Title (copy)", cut to the maximum. */
export function duplicateTitle(title: string): string {
  const suffix = ' (copy)';
  return `${title.slice(0, LIST_TITLE_MAX_LENGTH - suffix.length)}${suffix}`;
}

const listTitle = () => zod.requiredText(LIST_TITLE_MAX_LENGTH);

/** New list modal and duplicate modal (POST /api/content/lists): `duplicate_of` copies that list's items. */
export const newListBodySchema = z.object({
  list: z.object({
    title: listTitle(),
    is_public: z.boolean().default(false),
    duplicate_of: listIdSchema.optional(),
  }),
});
export type NewListInput = z.input<typeof newListBodySchema>['list'];

/** Rename modal, make public or private (PATCH /api/content/lists/{id}). */
export const listChangesBodySchema = z.object({
  list: z
    .object({ title: listTitle().optional(), is_public: z.boolean().optional() })
    .refine((changes) => changes.title !== undefined || changes.is_public !== undefined, 'validation.required'),
});
export type ListChanges = z.input<typeof listChangesBodySchema>['list'];

/** A list as the user's lists show it (spec §3 "List"): its items counted, the first one's poster. */
export const listSchema = z.object({
  id: listIdSchema,
  title: z.string(),
  is_public: z.boolean(),
  items_count: z.number().int(),
  preview_image: z.string().nullable(),
  /** The caller owns it: only the owner changes a list. */
  mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type List = z.infer<typeof listSchema>;

/** One list with its videos, most recently added first (spec §3: list_connection_ids, content_objects). */
export const listDetailSchema = listSchema.extend({
  list_connection_ids: z.array(z.number().int()),
  content_objects: z.array(videoProjectSummarySchema),
});
export type ListDetail = z.infer<typeof listDetailSchema>;

export const listsResponseSchema = z.object({ lists: z.array(listSchema) });

/** GET /api/content/video_lists: the user's lists for the add-to-list choice (spec §3 "Video list"). */
export const videoListsQuerySchema = z.object({
  item_type: z.enum(LIST_ITEM_TYPES).default('video_project'),
  item_id: zod.idParam().optional(),
});
export const videoListSchema = z.object({
  id: listIdSchema,
  name: z.string(),
  is_public: z.boolean(),
  items_count: z.number().int(),
  /** The item of the query is in this list. */
  has_item: z.boolean(),
});
export type VideoList = z.infer<typeof videoListSchema>;
export const videoListsResponseSchema = z.object({ video_lists: z.array(videoListSchema) });

/** GET /api/content/list_items: a list's items a page at a time (a public list's to anyone). */
export const listItemsQuerySchema = z.object({
  list_id: listIdSchema,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_ITEMS_PAGE_SIZE).default(LIST_ITEMS_PAGE_SIZE),
});
export const listItemSchema = z.object({ item_type: z.enum(LIST_ITEM_TYPES), item_id: z.number().int(), list_id: listIdSchema });
export const listItemsResponseSchema = z.object({
  list_items: z.array(listItemSchema.extend({ video: videoProjectSummarySchema })),
  count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/**
 * POST and DELETE /api/content/list_items (spec §7): one item as {item_type, item_id, list_id}, or
 * several of a list as {list_id, ids} (ids of items of the type, video projects by default).
 */
export const oneListItemBodySchema = z.object({
  item_type: z.enum(LIST_ITEM_TYPES).default('video_project'),
  item_id: zod.id(),
  list_id: listIdSchema,
});
export const listItemsBodySchema = z.object({
  item_type: z.enum(LIST_ITEM_TYPES).default('video_project'),
  list_id: listIdSchema,
  ids: z.array(zod.id()).min(1, 'validation.required').max(ITEMS_PER_LIST, 'validation.max_length'),
});
export const listItemsChangeBodySchema = z.union([oneListItemBodySchema, listItemsBodySchema]);
export type ListItemsChange = z.input<typeof listItemsChangeBodySchema>;

/** What adding or removing answers: how many items changed, and the list as it is now. */
export const listItemsChangeSchema = z.object({ changed: z.number().int(), list: listSchema });
