import { noApiResource } from "~/http/http.server";

/*
 * Any JSON request for which no API resource exists gets the error shape, not an HTML page
 * (server/ also sends here a JSON request that only the catch-all page would answer).
 */
export const loader = noApiResource;
export const action = noApiResource;
