// Waits until the address answers 200 (the first journey server, which builds the client), for two minutes at most.
const url = process.argv[2];
const until = Date.now() + 120_000;
for (;;) {
  const ok = await fetch(url).then((r) => r.ok, () => false);
  if (ok) process.exit(0);
  if (Date.now() > until) {
    console.error(`${url} never answered`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
