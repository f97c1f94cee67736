// An unknown address in an API-only namespace answers in the API's error shape, whatever Accept says.
export { noApiResource as loader, noApiResource as action } from "~/http/http.server";
