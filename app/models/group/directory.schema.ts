import { z } from "zod";
import { hasUnsafeLineCharacter } from "~/models/validation/text.schema";

/*
 * The people directory (spec 001 section 7: GET /fotoweb/api/users/public/all and
 * /fotoweb/api/groups/public/all; decision 039): the users and groups a member picker offers,
 * each as the few fields a picker shows. Shared by the API, the model and the add-member dialog.
 */

export const DIRECTORY_PAGE_SIZE = 25;
export const DIRECTORY_MAX_PAGE_SIZE = 100;

/** A user row of the directory (spec 001 section 3 "User row"). */
export interface DirectoryUser {
  id: number;
  displayName: string;
  organization: string;
  description: string;
}

/** A group row of the directory (spec 001 section 3 "Group row"). */
export interface DirectoryGroup {
  id: number;
  displayName: string;
  description: string;
}

/** The spec's paging object: the total and full addresses of the neighbouring pages. */
export interface DirectoryPaging {
  count: number;
  first: string;
  prev: string | null;
  next: string | null;
  last: string;
}

export interface DirectoryPage<T> {
  data: T[];
  paging: DirectoryPaging;
}

export const USER_DIRECTORY_SORT_FIELDS = [
  "displayName",
  "organization",
  "description",
  "id",
] as const;
export const GROUP_DIRECTORY_SORT_FIELDS = ["displayName", "description", "id"] as const;

export type DirectorySort<F extends string> = { field: F; direction: "asc" | "desc" };

const flag = z
  .enum(["true", "false", "1", "0", ""], {
    errorMap: () => ({ message: "Send true or false." }),
  })
  .optional()
  .transform((v) => v === "true" || v === "1");

/** sortfields: `field:direction` items, comma-separated (the colon URL-encoded or not). */
function sortFields<F extends string>(fields: readonly [F, ...F[]]) {
  return z
    .string()
    .max(200, "Sort by at most a few fields.")
    .optional()
    .transform((text, ctx): DirectorySort<F>[] => {
      if (!text) return [{ field: fields[0], direction: "asc" }];
      const items = text.split(",");
      const sorts: DirectorySort<F>[] = [];
      for (const item of items) {
        const [field, direction = "asc", ...rest] = item.trim().split(":");
        if (
          !(fields as readonly string[]).includes(field ?? "") ||
          rest.length > 0 ||
          !["asc", "desc"].includes(direction)
        ) {
          ctx.addIssue({
            code: "custom",
            message: `Sort by ${fields.join(", ")}, each as field:asc or field:desc.`,
          });
          return z.NEVER;
        }
        if (!sorts.some((s) => s.field === field))
          sorts.push({ field: field as F, direction: direction as "asc" | "desc" });
      }
      return sorts;
    });
}

function directoryQuerySchema<F extends string>(fields: readonly [F, ...F[]]) {
  return z.object({
    q: z
      .string()
      .trim()
      .max(200, "Search for at most 200 characters.")
      .refine((v) => !hasUnsafeLineCharacter(v), "Search for text without control characters.")
      .default(""),
    sortfields: sortFields(fields),
    /** 0-based page number, as the paging addresses carry it. */
    p: z.coerce
      .number({ invalid_type_error: "The page must be a number." })
      .int("The page must be a whole number.")
      .min(0, "The page must be 0 or more.")
      .max(1_000_000, "There are not that many pages.")
      .default(0),
    n: z.coerce
      .number({ invalid_type_error: "The page size must be a number." })
      .int("The page size must be a whole number.")
      .min(1, "A page holds at least 1 row.")
      .max(DIRECTORY_MAX_PAGE_SIZE, `A page holds at most ${DIRECTORY_MAX_PAGE_SIZE} rows.`)
      .default(DIRECTORY_PAGE_SIZE),
    /** Leave out the guest user (15000) and Everyone (10000), the group that holds the guest. */
    disableGuest: flag,
    /** Leave out Registered Users (10001). */
    disableRegisteredUsers: flag,
  });
}

export const userDirectoryQuerySchema = directoryQuerySchema(USER_DIRECTORY_SORT_FIELDS);
export const groupDirectoryQuerySchema = directoryQuerySchema(GROUP_DIRECTORY_SORT_FIELDS);
export type UserDirectoryQuery = z.output<typeof userDirectoryQuerySchema>;
export type GroupDirectoryQuery = z.output<typeof groupDirectoryQuerySchema>;
