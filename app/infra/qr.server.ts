/**
 * QR codes of personal links, made on the server by the `qrcode` library. Error correction M
 * survives a crease or a smudge on a printed card; a quiet zone of 2 modules keeps it scannable
 * when the card is cut close.
 */
const options = { errorCorrectionLevel: "M", margin: 2 } as const;

/** Loaded with the first QR code (the admin's), not in every worker from its start (docs/decisions/0015-*). */
const qrcode = async () => (await import("qrcode")).default;

export async function qrSvg(text: string): Promise<string> {
  return (await qrcode()).toString(text, { ...options, type: "svg" });
}

export async function qrPng(text: string): Promise<Buffer> {
  return (await qrcode()).toBuffer(text, { ...options, type: "png", width: 600 });
}
