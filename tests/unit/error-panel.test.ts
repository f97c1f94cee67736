import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { describeRouteError as describeIn } from "~/components/shell/ErrorPanel";
import { translate } from "~/models/locale/catalog.server";
import { ACCESS_DENIED_MESSAGE, DEFAULT_ERROR_MESSAGE, type ApiErrorBody } from "~/http/error";

/** The shape Remix gives a boundary for a thrown Response. */
const routeError = (status: number, data: unknown, statusText = "") => ({
  status,
  statusText,
  internal: false,
  data,
});

// In English, as a page for someone who reads English shows it.
const describeRouteError = (error: unknown) =>
  describeIn(error, (id, values) => translate("en", id, values));

describe("describeRouteError", () => {
  it("describes a 404 with its own text", () => {
    expect(describeRouteError(routeError(404, "No such album."))).toEqual({
      title: "Page not found",
      message: "No such album.",
      body: { status: 404, heading: "Not found", value: "No such album." },
    });
  });

  it("keeps the router's own developer texts from the user", () => {
    const internal = new ErrorResponseImpl(
      405,
      "Method Not Allowed",
      "Error: You made a POST request to /fotoweb/ but did not provide an `action`",
      true,
    );
    const described = describeRouteError(internal);
    expect(described.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(described.body.value).toBeUndefined();
    expect(
      describeRouteError(
        new ErrorResponseImpl(404, "Not Found", "Error: No route matches URL", true),
      ).message,
    ).toBe("There is nothing at this address.");
  });

  it("has a default 404 message", () => {
    expect(describeRouteError(routeError(404, null)).message).toBe(
      "There is nothing at this address.",
    );
    expect(describeRouteError(routeError(404, { unrelated: true })).message).toBe(
      "There is nothing at this address.",
    );
  });

  it("passes an API error body through", () => {
    const body: ApiErrorBody = {
      status: 404,
      heading: "Not found",
      value: "There is nothing at this address.",
      requestId: "req-1",
      date: "2024-01-01T00:00:00.000Z",
    };
    const result = describeRouteError(routeError(404, body));
    expect(result.title).toBe("Page not found");
    expect(result.message).toBe(body.value);
    expect(result.body).toEqual(body);
  });

  it("always shows the access-denied message for 401", () => {
    const result = describeRouteError(routeError(401, "token expired"));
    expect(result).toEqual({
      title: "Access denied",
      message: ACCESS_DENIED_MESSAGE,
      body: { status: 401, heading: "Not signed in", value: "token expired" },
    });
  });

  it("describes a 403 with the API body's heading and value", () => {
    const result = describeRouteError(
      routeError(403, { status: 403, heading: "Forbidden", value: "Only administrators." }),
    );
    expect(result.title).toBe("Forbidden");
    expect(result.message).toBe("Only administrators.");
  });

  it("describes a 403 with plain text data", () => {
    expect(describeRouteError(routeError(403, "No."))).toMatchObject({
      title: "Forbidden",
      message: "No.",
    });
  });

  it("describes a 500 without data with the default message", () => {
    expect(describeRouteError(routeError(500, undefined))).toEqual({
      title: "Server error",
      message: DEFAULT_ERROR_MESSAGE,
      body: { status: 500, heading: "Server error", value: undefined },
    });
  });

  it("uses a generic heading for unlisted statuses", () => {
    expect(describeRouteError(routeError(418, "")).title).toBe("Request error");
    expect(describeRouteError(routeError(599, "")).title).toBe("Server error");
  });

  it("accepts the router's own ErrorResponse", () => {
    const result = describeRouteError(new ErrorResponseImpl(403, "Forbidden", "Not yours."));
    expect(result).toMatchObject({ title: "Forbidden", message: "Not yours." });
  });

  it("hides the details of a plain Error", () => {
    expect(describeRouteError(new Error("SQLITE_BUSY: database is locked"))).toEqual({
      title: "Error",
      message: DEFAULT_ERROR_MESSAGE,
      body: {},
    });
  });

  it("copes with anything else thrown", () => {
    for (const thrown of [undefined, null, "string", 42, { status: 404 }]) {
      expect(describeRouteError(thrown)).toEqual({
        title: "Error",
        message: DEFAULT_ERROR_MESSAGE,
        body: {},
      });
    }
  });
});
