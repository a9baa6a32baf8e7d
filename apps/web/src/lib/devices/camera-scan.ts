/**
 * Scanning a label with the camera where the browser has a BarcodeDetector (Chrome on Android,
 * ChromeOS, some desktops): the rear camera's frames are read a few times a second until a code
 * is found or the scan is stopped. A browser without one offers no camera button.
 */
import { barcodeDetectorClass } from './web-apis';

export const canScanWithCamera = (): boolean =>
  barcodeDetectorClass() !== undefined && typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices);

/** Shows the camera in `video` and calls `onCode` with each code found; returns a way to stop. */
export async function startCameraScan(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
  { everyMs = 250 } = {},
): Promise<() => void> {
  const Detector = barcodeDetectorClass();
  if (!Detector) throw new Error('BarcodeDetector');
  const detector = new Detector({ formats: ['ean_13', 'ean_8', 'code_128', 'upc_a'] });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  await video.play().catch(() => undefined);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const look = async () => {
    if (stopped) return;
    try {
      if (video.readyState >= 2) {
        const found = await detector.detect(video);
        const code = found[0]?.rawValue;
        if (code && !stopped) onCode(code);
      }
    } catch {
      // A frame that could not be read: the next one may.
    }
    if (!stopped) timer = setTimeout(() => void look(), everyMs);
  };
  void look();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
