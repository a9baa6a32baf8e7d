/**
 * One small interface for every device link (contract "The scale and barcodes"): bytes out, bytes
 * in, an end. The scale reader and the receipt sender are written against it, so a test drives
 * them over an in-memory link (`test-memory-link.ts`) and the shop over Web Serial, WebUSB or Web
 * Bluetooth (`serial-link.ts`, `printer-links.ts`).
 */
export interface ByteLink {
  /** Sends bytes; resolves once the link has taken them. */
  write(bytes: Uint8Array): Promise<void>;
  /** Each chunk the device sends goes to `listener` (a printer sends none); returns a way to stop. */
  onData(listener: (bytes: Uint8Array) => void): () => void;
  /** Settles when the link ends: null when closed here, the error when the device went away. */
  readonly ended: Promise<Error | null>;
  close(): Promise<void>;
}

/** Text as the bytes a scale or printer reads (each character's code, 0-255: ASCII and escapes). */
export const asciiBytes = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);

/** Bytes as text, one character per byte (a scale's answers are ASCII). */
export const bytesText = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/**
 * A command typed in the settings (`W`, `P\r\n`, `\x05`): `\r`, `\n`, `\t`, `\\` and `\xHH` are
 * the bytes they name, every other character itself.
 */
export function unescapeCommand(command: string): string {
  return command.replace(/\\(x[0-9a-fA-F]{2}|[rnt\\])/g, (_whole, code: string) => {
    if (code === 'r') return '\r';
    if (code === 'n') return '\n';
    if (code === 't') return '\t';
    if (code === '\\') return '\\';
    return String.fromCharCode(Number.parseInt(code.slice(1), 16));
  });
}

/** A raw line as the settings page shows it: control bytes written out (`<STX>`, `\r`), others as sent. */
export function visibleText(text: string): string {
  let shown = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code >= 0x20 && code !== 0x7f) shown += char;
    else if (code === 0x02) shown += '<STX>';
    else if (code === 0x03) shown += '<ETX>';
    else if (char === '\r') shown += '\\r';
    else if (char === '\n') shown += '\\n';
    else shown += `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return shown;
}
