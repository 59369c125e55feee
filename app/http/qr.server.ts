import QRCode from "qrcode";

/**
 * QR codes of personal links, made on the server by the `qrcode` library. Error correction M
 * survives a crease or a smudge on a printed card; a quiet zone of 2 modules keeps it scannable
 * when the card is cut close.
 */
const options = { errorCorrectionLevel: "M", margin: 2 } as const;

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...options, type: "svg" });
}

export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...options, type: "png", width: 600 });
}
