import { z } from 'zod';

/*
 * The content host's formation documents as stored in `content_entries` (types below). Unlike the
 * wire shapes of src/contract/formations.ts they hold every answer's correctness, the video's file
 * name and the subscriptions that open a category: the routes turn them into a member's view.
 */

export const FORMATION_CATEGORY_TYPE = 'formationCategory';
export const FORMATION_TYPE = 'formation';

const id = z.number().int().positive();

export const storedCategory = z.object({
  id,
  title: z.string(),
  ordre: z.number().int(),
  /** Any one of these running subscriptions opens the category; empty: every signed-in member. */
  subscriptions: z.array(z.number().int()),
});
export type StoredCategory = z.infer<typeof storedCategory>;

export const storedFormation = z.object({
  id,
  categoryId: id,
  ordre: z.number().int(),
  title: z.string(),
  description: z.string(),
  chapitres: z.array(
    z.object({
      id,
      name: z.string(),
      /** A file of the media folder (`server/demo-media` by default), or null for a text-only chapter. */
      video: z.string().regex(/^[a-z0-9-]+\.webm$/).nullable(),
      text: z.string().nullable(),
    }),
  ),
  quiz: z
    .object({
      id,
      name: z.string(),
      questions: z.array(z.object({ id, question: z.string(), answers: z.array(z.object({ id, answer: z.string(), isCorrect: z.boolean() })) })),
    })
    .nullable(),
});
export type StoredFormation = z.infer<typeof storedFormation>;
