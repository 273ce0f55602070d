import { z } from 'zod';

/** Success body of every call: `{ data, message? }` (architecture §3). */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

export const paginationSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** List body: `{ data: { results, pagination } }`. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return dataEnvelope(z.object({ results: z.array(item), pagination: paginationSchema }));
}

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
