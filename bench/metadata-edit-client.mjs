/*
 * The grid requests of bench/metadata-edit.ts, from their own process so the client's work does
 * not share the server's event loop: requests the URL one after another, warm-up first, until it
 * has `count` samples or (count 0) until its stdin closes. Prints "ready" after the warm-up,
 * then the latencies (ms) as JSON.
 */
const [url, cookie, countText] = process.argv.slice(2);
const count = Number(countText);
let stop = false;
process.stdin.on("end", () => (stop = true));
process.stdin.resume();
async function once() {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: "text/html", cookie } });
  const body = await response.text();
  if (response.status !== 200 || !body.includes("Photo"))
    throw new Error(`grid answered ${response.status}`);
  return performance.now() - started;
}
for (let i = 0; i < 10; i++) await once();
process.stdout.write("ready\n");
const samples = [];
while (count > 0 ? samples.length < count : !stop) samples.push(await once());
process.stdout.write(`${JSON.stringify(samples)}\n`);
process.exit(0);
