import type { Problem, ProblemKind } from "~/models/problem/problem";
import { apiError } from "~/http/http.server";

/*
 * A model's Problem as an answer in the one error shape. Interim: the http module's own mapper
 * replaces this one at merge (issue 13); keep the kinds' statuses as the Problem type lists them.
 */

const STATUS: Record<ProblemKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  unsupported: 415,
  unprocessable: 422,
  "too-many": 429,
};

export function problemStatus(problem: Problem): number {
  return STATUS[problem.kind];
}

export function problemResponse(request: Request, problem: Problem): Response {
  return apiError(request, problemStatus(problem), problem.message);
}
