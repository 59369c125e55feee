import yauzl from "yauzl";

/** Every entry of a ZIP (read back with yauzl), in order: name → bytes. */
export async function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on("entry", (entry: yauzl.Entry) => {
      file
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const c of stream) chunks.push(c as Buffer);
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        })
        .catch(reject);
    });
    file.on("end", resolve);
    file.on("error", reject);
    file.readEntry();
  });
  return entries;
}
