// An unknown address in an API-only namespace answers in the API's error shape, whatever Accept says.
export { notFound as loader, notFound as action } from "./[_json].$";
